import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's plain fields of existing users models; existing rows get NetBox's defaults. */
export class NetBox4FieldsUsers1795742681106 implements MigrationInterface {
    name = 'NetBox4FieldsUsers1795742681106'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "users_group" ADD "description" character varying(200) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "users_group" ALTER COLUMN "description" DROP DEFAULT`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "users_group" DROP COLUMN "description"`);
    }

}
