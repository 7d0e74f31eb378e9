import { MigrationInterface, QueryRunner } from "typeorm";

export class ContactGroups1795741863843 implements MigrationInterface {
    name = 'ContactGroups1795741863843'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "tenancy_contact" DROP CONSTRAINT "FK_ed1a342b93c19b55549c74bc440"`);
        await queryRunner.query(`DROP INDEX "public"."idx_tenancy_contact_group_id"`);
        await queryRunner.query(`DROP INDEX "public"."tenancy_contact_unique_group_name"`);
        await queryRunner.query(`CREATE TABLE "tenancy_contact_groups" ("contact_id" integer NOT NULL, "contactgroup_id" integer NOT NULL, CONSTRAINT "PK_0328985ffb20c2a30da998f810b" PRIMARY KEY ("contact_id", "contactgroup_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contact_groups_contactgroup_id" ON "tenancy_contact_groups" ("contactgroup_id") `);
        // Each existing contact's group becomes its one group, as NetBox 4.3's migration makes it.
        await queryRunner.query(`INSERT INTO "tenancy_contact_groups" ("contact_id", "contactgroup_id") SELECT "id", "group_id" FROM "tenancy_contact" WHERE "group_id" IS NOT NULL`);
        await queryRunner.query(`ALTER TABLE "tenancy_contact" DROP COLUMN "group_id"`);
        await queryRunner.query(`ALTER TABLE "tenancy_contact_groups" ADD CONSTRAINT "FK_caa56c78665637a93f9da0e34be" FOREIGN KEY ("contact_id") REFERENCES "tenancy_contact"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "tenancy_contact_groups" ADD CONSTRAINT "FK_ece948a91fae82fdb5fad9e3d93" FOREIGN KEY ("contactgroup_id") REFERENCES "tenancy_contactgroup"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "tenancy_contact_groups" DROP CONSTRAINT "FK_ece948a91fae82fdb5fad9e3d93"`);
        await queryRunner.query(`ALTER TABLE "tenancy_contact_groups" DROP CONSTRAINT "FK_caa56c78665637a93f9da0e34be"`);
        await queryRunner.query(`ALTER TABLE "tenancy_contact" ADD "group_id" integer`);
        // 3.5 kept one group: the first.
        await queryRunner.query(`UPDATE "tenancy_contact" SET "group_id" = (SELECT x."contactgroup_id" FROM "tenancy_contact_groups" x INNER JOIN "tenancy_contactgroup" g ON g."id" = x."contactgroup_id" WHERE x."contact_id" = "tenancy_contact"."id" ORDER BY g."tree_sort", g."id" LIMIT 1)`);
        await queryRunner.query(`DROP INDEX "public"."idx_tenancy_contact_groups_contactgroup_id"`);
        await queryRunner.query(`DROP TABLE "tenancy_contact_groups"`);
        await queryRunner.query(`CREATE UNIQUE INDEX "tenancy_contact_unique_group_name" ON "tenancy_contact" ("group_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contact_group_id" ON "tenancy_contact" ("group_id") `);
        await queryRunner.query(`ALTER TABLE "tenancy_contact" ADD CONSTRAINT "FK_ed1a342b93c19b55549c74bc440" FOREIGN KEY ("group_id") REFERENCES "tenancy_contactgroup"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

}
