import { MigrationInterface, QueryRunner } from "typeorm";

export class ContactGroups1795741818223 implements MigrationInterface {
    name = 'ContactGroups1795741818223'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_tenancy_contact_name"`);
        await queryRunner.query(`DROP INDEX "tenancy_contact_unique_group_name"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contact_group_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_tenancy_contact" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "group_id" integer, "name" varchar(100) NOT NULL, "title" varchar(100) NOT NULL, "phone" varchar(50) NOT NULL, "email" varchar(254) NOT NULL, "address" varchar(200) NOT NULL, "link" varchar(200) NOT NULL, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime)`);
        await queryRunner.query(`INSERT INTO "temporary_tenancy_contact"("id", "group_id", "name", "title", "phone", "email", "address", "link", "description", "comments", "custom_field_data", "created", "last_updated") SELECT "id", "group_id", "name", "title", "phone", "email", "address", "link", "description", "comments", "custom_field_data", "created", "last_updated" FROM "tenancy_contact"`);
        await queryRunner.query(`DROP TABLE "tenancy_contact"`);
        await queryRunner.query(`ALTER TABLE "temporary_tenancy_contact" RENAME TO "tenancy_contact"`);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contact_name" ON "tenancy_contact" ("name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "tenancy_contact_unique_group_name" ON "tenancy_contact" ("group_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contact_group_id" ON "tenancy_contact" ("group_id") `);
        await queryRunner.query(`DROP INDEX "tenancy_contact_unique_group_name"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contact_group_id"`);
        await queryRunner.query(`CREATE TABLE "tenancy_contact_groups" ("contact_id" integer NOT NULL, "contactgroup_id" integer NOT NULL, PRIMARY KEY ("contact_id", "contactgroup_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contact_groups_contactgroup_id" ON "tenancy_contact_groups" ("contactgroup_id") `);
        // Each existing contact's group becomes its one group, as NetBox 4.3's migration makes it.
        await queryRunner.query(`INSERT INTO "tenancy_contact_groups" ("contact_id", "contactgroup_id") SELECT "id", "group_id" FROM "tenancy_contact" WHERE "group_id" IS NOT NULL`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contact_name"`);
        await queryRunner.query(`CREATE TABLE "temporary_tenancy_contact" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "title" varchar(100) NOT NULL, "phone" varchar(50) NOT NULL, "email" varchar(254) NOT NULL, "address" varchar(200) NOT NULL, "link" varchar(200) NOT NULL, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime)`);
        await queryRunner.query(`INSERT INTO "temporary_tenancy_contact"("id", "name", "title", "phone", "email", "address", "link", "description", "comments", "custom_field_data", "created", "last_updated") SELECT "id", "name", "title", "phone", "email", "address", "link", "description", "comments", "custom_field_data", "created", "last_updated" FROM "tenancy_contact"`);
        await queryRunner.query(`DROP TABLE "tenancy_contact"`);
        await queryRunner.query(`ALTER TABLE "temporary_tenancy_contact" RENAME TO "tenancy_contact"`);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contact_name" ON "tenancy_contact" ("name") `);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contact_groups_contactgroup_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_tenancy_contact_groups" ("contact_id" integer NOT NULL, "contactgroup_id" integer NOT NULL, CONSTRAINT "FK_caa56c78665637a93f9da0e34be" FOREIGN KEY ("contact_id") REFERENCES "tenancy_contact" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_ece948a91fae82fdb5fad9e3d93" FOREIGN KEY ("contactgroup_id") REFERENCES "tenancy_contactgroup" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("contact_id", "contactgroup_id"))`);
        await queryRunner.query(`INSERT INTO "temporary_tenancy_contact_groups"("contact_id", "contactgroup_id") SELECT "contact_id", "contactgroup_id" FROM "tenancy_contact_groups"`);
        await queryRunner.query(`DROP TABLE "tenancy_contact_groups"`);
        await queryRunner.query(`ALTER TABLE "temporary_tenancy_contact_groups" RENAME TO "tenancy_contact_groups"`);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contact_groups_contactgroup_id" ON "tenancy_contact_groups" ("contactgroup_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_tenancy_contact_groups_contactgroup_id"`);
        await queryRunner.query(`ALTER TABLE "tenancy_contact_groups" RENAME TO "temporary_tenancy_contact_groups"`);
        await queryRunner.query(`CREATE TABLE "tenancy_contact_groups" ("contact_id" integer NOT NULL, "contactgroup_id" integer NOT NULL, PRIMARY KEY ("contact_id", "contactgroup_id"))`);
        await queryRunner.query(`INSERT INTO "tenancy_contact_groups"("contact_id", "contactgroup_id") SELECT "contact_id", "contactgroup_id" FROM "temporary_tenancy_contact_groups"`);
        await queryRunner.query(`DROP TABLE "temporary_tenancy_contact_groups"`);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contact_groups_contactgroup_id" ON "tenancy_contact_groups" ("contactgroup_id") `);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contact_name"`);
        await queryRunner.query(`ALTER TABLE "tenancy_contact" RENAME TO "temporary_tenancy_contact"`);
        await queryRunner.query(`CREATE TABLE "tenancy_contact" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "group_id" integer, "name" varchar(100) NOT NULL, "title" varchar(100) NOT NULL, "phone" varchar(50) NOT NULL, "email" varchar(254) NOT NULL, "address" varchar(200) NOT NULL, "link" varchar(200) NOT NULL, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime)`);
        await queryRunner.query(`INSERT INTO "tenancy_contact"("id", "name", "title", "phone", "email", "address", "link", "description", "comments", "custom_field_data", "created", "last_updated") SELECT "id", "name", "title", "phone", "email", "address", "link", "description", "comments", "custom_field_data", "created", "last_updated" FROM "temporary_tenancy_contact"`);
        await queryRunner.query(`DROP TABLE "temporary_tenancy_contact"`);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contact_name" ON "tenancy_contact" ("name") `);
        // 3.5 kept one group: the first.
        await queryRunner.query(`UPDATE "tenancy_contact" SET "group_id" = (SELECT x."contactgroup_id" FROM "tenancy_contact_groups" x INNER JOIN "tenancy_contactgroup" g ON g."id" = x."contactgroup_id" WHERE x."contact_id" = "tenancy_contact"."id" ORDER BY g."tree_sort", g."id" LIMIT 1)`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contact_groups_contactgroup_id"`);
        await queryRunner.query(`DROP TABLE "tenancy_contact_groups"`);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contact_group_id" ON "tenancy_contact" ("group_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "tenancy_contact_unique_group_name" ON "tenancy_contact" ("group_id", "name") `);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contact_group_id"`);
        await queryRunner.query(`DROP INDEX "tenancy_contact_unique_group_name"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contact_name"`);
        await queryRunner.query(`ALTER TABLE "tenancy_contact" RENAME TO "temporary_tenancy_contact"`);
        await queryRunner.query(`CREATE TABLE "tenancy_contact" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "group_id" integer, "name" varchar(100) NOT NULL, "title" varchar(100) NOT NULL, "phone" varchar(50) NOT NULL, "email" varchar(254) NOT NULL, "address" varchar(200) NOT NULL, "link" varchar(200) NOT NULL, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "FK_ed1a342b93c19b55549c74bc440" FOREIGN KEY ("group_id") REFERENCES "tenancy_contactgroup" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "tenancy_contact"("id", "group_id", "name", "title", "phone", "email", "address", "link", "description", "comments", "custom_field_data", "created", "last_updated") SELECT "id", "group_id", "name", "title", "phone", "email", "address", "link", "description", "comments", "custom_field_data", "created", "last_updated" FROM "temporary_tenancy_contact"`);
        await queryRunner.query(`DROP TABLE "temporary_tenancy_contact"`);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contact_group_id" ON "tenancy_contact" ("group_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "tenancy_contact_unique_group_name" ON "tenancy_contact" ("group_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contact_name" ON "tenancy_contact" ("name") `);
    }

}
