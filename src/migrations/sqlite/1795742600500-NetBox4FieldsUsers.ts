import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's plain fields of existing users models; existing rows get NetBox's defaults. */
export class NetBox4FieldsUsers1795742600500 implements MigrationInterface {
    name = 'NetBox4FieldsUsers1795742600500'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "temporary_users_group" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(150) NOT NULL, "description" varchar(200) NOT NULL, CONSTRAINT "UQ_337df7ab57beecc0b571cf0b020" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "temporary_users_group"("id", "name", "description") SELECT "id", "name", '' FROM "users_group"`);
        await queryRunner.query(`DROP TABLE "users_group"`);
        await queryRunner.query(`ALTER TABLE "temporary_users_group" RENAME TO "users_group"`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "users_group" RENAME TO "temporary_users_group"`);
        await queryRunner.query(`CREATE TABLE "users_group" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(150) NOT NULL, CONSTRAINT "UQ_337df7ab57beecc0b571cf0b020" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "users_group"("id", "name") SELECT "id", "name" FROM "temporary_users_group"`);
        await queryRunner.query(`DROP TABLE "temporary_users_group"`);
    }

}
