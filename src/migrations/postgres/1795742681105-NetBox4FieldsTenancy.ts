import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's plain fields of existing tenancy models; existing rows get NetBox's defaults. */
export class NetBox4FieldsTenancy1795742681105 implements MigrationInterface {
    name = 'NetBox4FieldsTenancy1795742681105'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "tenancy_tenantgroup" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "tenancy_tenantgroup" ALTER COLUMN "comments" DROP DEFAULT`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "tenancy_tenantgroup" DROP COLUMN "comments"`);
    }

}
