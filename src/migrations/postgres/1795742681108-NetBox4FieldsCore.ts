import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's plain fields of existing core models; existing rows get NetBox's defaults. */
export class NetBox4FieldsCore1795742681108 implements MigrationInterface {
    name = 'NetBox4FieldsCore1795742681108'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "core_datasource" ADD "sync_interval" integer`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "core_datasource" DROP COLUMN "sync_interval"`);
    }

}
