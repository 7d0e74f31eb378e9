import { MigrationInterface, QueryRunner } from "typeorm";

export class Owners1795763426014 implements MigrationInterface {
    name = 'Owners1795763426014'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "users_ownergroup" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "description" character varying(200) NOT NULL, CONSTRAINT "UQ_0efa6dea0b1b1c4bc0c121b7626" UNIQUE ("name"), CONSTRAINT "PK_4fa711c3303e8b0158be79bcec3" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "users_owner" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "group_id" integer, "description" character varying(200) NOT NULL, CONSTRAINT "UQ_53f2ea42c0c87e1753806691e6e" UNIQUE ("name"), CONSTRAINT "PK_e9513dcba9cfa7546ed60861ed8" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_users_owner_group_id" ON "users_owner" ("group_id") `);
        await queryRunner.query(`CREATE TABLE "users_owner_user_groups" ("owner_id" integer NOT NULL, "group_id" integer NOT NULL, CONSTRAINT "PK_d5f1c12725ca6e8ee150f32ca53" PRIMARY KEY ("owner_id", "group_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_users_owner_user_groups_group_id" ON "users_owner_user_groups" ("group_id") `);
        await queryRunner.query(`CREATE TABLE "users_owner_users" ("owner_id" integer NOT NULL, "user_id" integer NOT NULL, CONSTRAINT "PK_0be2f2c6e8a84add7851b26e359" PRIMARY KEY ("owner_id", "user_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_users_owner_users_user_id" ON "users_owner_users" ("user_id") `);
        await queryRunner.query(`ALTER TABLE "users_owner" ADD CONSTRAINT "FK_a7dea6faf8a7502fbd1f4c954cd" FOREIGN KEY ("group_id") REFERENCES "users_ownergroup"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "users_owner_user_groups" ADD CONSTRAINT "FK_8c0b1f2aee478ac470f6a2e6e18" FOREIGN KEY ("owner_id") REFERENCES "users_owner"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "users_owner_user_groups" ADD CONSTRAINT "FK_043a7923592a0f7db972c621ad3" FOREIGN KEY ("group_id") REFERENCES "users_group"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "users_owner_users" ADD CONSTRAINT "FK_af28828fa6f1a163b02a344f3fb" FOREIGN KEY ("owner_id") REFERENCES "users_owner"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "users_owner_users" ADD CONSTRAINT "FK_d8f0284b35e9810c7673fb2758b" FOREIGN KEY ("user_id") REFERENCES "users_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "users_owner_users" DROP CONSTRAINT "FK_d8f0284b35e9810c7673fb2758b"`);
        await queryRunner.query(`ALTER TABLE "users_owner_users" DROP CONSTRAINT "FK_af28828fa6f1a163b02a344f3fb"`);
        await queryRunner.query(`ALTER TABLE "users_owner_user_groups" DROP CONSTRAINT "FK_043a7923592a0f7db972c621ad3"`);
        await queryRunner.query(`ALTER TABLE "users_owner_user_groups" DROP CONSTRAINT "FK_8c0b1f2aee478ac470f6a2e6e18"`);
        await queryRunner.query(`ALTER TABLE "users_owner" DROP CONSTRAINT "FK_a7dea6faf8a7502fbd1f4c954cd"`);
        await queryRunner.query(`DROP INDEX "public"."idx_users_owner_users_user_id"`);
        await queryRunner.query(`DROP TABLE "users_owner_users"`);
        await queryRunner.query(`DROP INDEX "public"."idx_users_owner_user_groups_group_id"`);
        await queryRunner.query(`DROP TABLE "users_owner_user_groups"`);
        await queryRunner.query(`DROP INDEX "public"."idx_users_owner_group_id"`);
        await queryRunner.query(`DROP TABLE "users_owner"`);
        await queryRunner.query(`DROP TABLE "users_ownergroup"`);
    }

}
