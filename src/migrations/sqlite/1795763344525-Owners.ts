import { MigrationInterface, QueryRunner } from "typeorm";

export class Owners1795763344525 implements MigrationInterface {
    name = 'Owners1795763344525'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "users_ownergroup" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, CONSTRAINT "UQ_0efa6dea0b1b1c4bc0c121b7626" UNIQUE ("name"))`);
        await queryRunner.query(`CREATE TABLE "users_owner" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "group_id" integer, "description" varchar(200) NOT NULL, CONSTRAINT "UQ_53f2ea42c0c87e1753806691e6e" UNIQUE ("name"))`);
        await queryRunner.query(`CREATE INDEX "idx_users_owner_group_id" ON "users_owner" ("group_id") `);
        await queryRunner.query(`CREATE TABLE "users_owner_user_groups" ("owner_id" integer NOT NULL, "group_id" integer NOT NULL, PRIMARY KEY ("owner_id", "group_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_users_owner_user_groups_group_id" ON "users_owner_user_groups" ("group_id") `);
        await queryRunner.query(`CREATE TABLE "users_owner_users" ("owner_id" integer NOT NULL, "user_id" integer NOT NULL, PRIMARY KEY ("owner_id", "user_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_users_owner_users_user_id" ON "users_owner_users" ("user_id") `);
        await queryRunner.query(`DROP INDEX "idx_users_owner_group_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_users_owner" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "group_id" integer, "description" varchar(200) NOT NULL, CONSTRAINT "UQ_53f2ea42c0c87e1753806691e6e" UNIQUE ("name"), CONSTRAINT "FK_a7dea6faf8a7502fbd1f4c954cd" FOREIGN KEY ("group_id") REFERENCES "users_ownergroup" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_users_owner"("id", "name", "group_id", "description") SELECT "id", "name", "group_id", "description" FROM "users_owner"`);
        await queryRunner.query(`DROP TABLE "users_owner"`);
        await queryRunner.query(`ALTER TABLE "temporary_users_owner" RENAME TO "users_owner"`);
        await queryRunner.query(`CREATE INDEX "idx_users_owner_group_id" ON "users_owner" ("group_id") `);
        await queryRunner.query(`DROP INDEX "idx_users_owner_user_groups_group_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_users_owner_user_groups" ("owner_id" integer NOT NULL, "group_id" integer NOT NULL, CONSTRAINT "FK_8c0b1f2aee478ac470f6a2e6e18" FOREIGN KEY ("owner_id") REFERENCES "users_owner" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_043a7923592a0f7db972c621ad3" FOREIGN KEY ("group_id") REFERENCES "users_group" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("owner_id", "group_id"))`);
        await queryRunner.query(`INSERT INTO "temporary_users_owner_user_groups"("owner_id", "group_id") SELECT "owner_id", "group_id" FROM "users_owner_user_groups"`);
        await queryRunner.query(`DROP TABLE "users_owner_user_groups"`);
        await queryRunner.query(`ALTER TABLE "temporary_users_owner_user_groups" RENAME TO "users_owner_user_groups"`);
        await queryRunner.query(`CREATE INDEX "idx_users_owner_user_groups_group_id" ON "users_owner_user_groups" ("group_id") `);
        await queryRunner.query(`DROP INDEX "idx_users_owner_users_user_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_users_owner_users" ("owner_id" integer NOT NULL, "user_id" integer NOT NULL, CONSTRAINT "FK_af28828fa6f1a163b02a344f3fb" FOREIGN KEY ("owner_id") REFERENCES "users_owner" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_d8f0284b35e9810c7673fb2758b" FOREIGN KEY ("user_id") REFERENCES "users_user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("owner_id", "user_id"))`);
        await queryRunner.query(`INSERT INTO "temporary_users_owner_users"("owner_id", "user_id") SELECT "owner_id", "user_id" FROM "users_owner_users"`);
        await queryRunner.query(`DROP TABLE "users_owner_users"`);
        await queryRunner.query(`ALTER TABLE "temporary_users_owner_users" RENAME TO "users_owner_users"`);
        await queryRunner.query(`CREATE INDEX "idx_users_owner_users_user_id" ON "users_owner_users" ("user_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_users_owner_users_user_id"`);
        await queryRunner.query(`ALTER TABLE "users_owner_users" RENAME TO "temporary_users_owner_users"`);
        await queryRunner.query(`CREATE TABLE "users_owner_users" ("owner_id" integer NOT NULL, "user_id" integer NOT NULL, PRIMARY KEY ("owner_id", "user_id"))`);
        await queryRunner.query(`INSERT INTO "users_owner_users"("owner_id", "user_id") SELECT "owner_id", "user_id" FROM "temporary_users_owner_users"`);
        await queryRunner.query(`DROP TABLE "temporary_users_owner_users"`);
        await queryRunner.query(`CREATE INDEX "idx_users_owner_users_user_id" ON "users_owner_users" ("user_id") `);
        await queryRunner.query(`DROP INDEX "idx_users_owner_user_groups_group_id"`);
        await queryRunner.query(`ALTER TABLE "users_owner_user_groups" RENAME TO "temporary_users_owner_user_groups"`);
        await queryRunner.query(`CREATE TABLE "users_owner_user_groups" ("owner_id" integer NOT NULL, "group_id" integer NOT NULL, PRIMARY KEY ("owner_id", "group_id"))`);
        await queryRunner.query(`INSERT INTO "users_owner_user_groups"("owner_id", "group_id") SELECT "owner_id", "group_id" FROM "temporary_users_owner_user_groups"`);
        await queryRunner.query(`DROP TABLE "temporary_users_owner_user_groups"`);
        await queryRunner.query(`CREATE INDEX "idx_users_owner_user_groups_group_id" ON "users_owner_user_groups" ("group_id") `);
        await queryRunner.query(`DROP INDEX "idx_users_owner_group_id"`);
        await queryRunner.query(`ALTER TABLE "users_owner" RENAME TO "temporary_users_owner"`);
        await queryRunner.query(`CREATE TABLE "users_owner" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "group_id" integer, "description" varchar(200) NOT NULL, CONSTRAINT "UQ_53f2ea42c0c87e1753806691e6e" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "users_owner"("id", "name", "group_id", "description") SELECT "id", "name", "group_id", "description" FROM "temporary_users_owner"`);
        await queryRunner.query(`DROP TABLE "temporary_users_owner"`);
        await queryRunner.query(`CREATE INDEX "idx_users_owner_group_id" ON "users_owner" ("group_id") `);
        await queryRunner.query(`DROP INDEX "idx_users_owner_users_user_id"`);
        await queryRunner.query(`DROP TABLE "users_owner_users"`);
        await queryRunner.query(`DROP INDEX "idx_users_owner_user_groups_group_id"`);
        await queryRunner.query(`DROP TABLE "users_owner_user_groups"`);
        await queryRunner.query(`DROP INDEX "idx_users_owner_group_id"`);
        await queryRunner.query(`DROP TABLE "users_owner"`);
        await queryRunner.query(`DROP TABLE "users_ownergroup"`);
    }

}
