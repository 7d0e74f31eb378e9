import { MigrationInterface, QueryRunner } from "typeorm";

/** 4.x's fields of outlets, inventory items and their roles, outlet and interface templates; existing rows get NetBox's defaults. */
export class DcimComponentFields461795751683059 implements MigrationInterface {
    name = 'DcimComponentFields461795751683059'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_poweroutlet" ADD "status" character varying(50) NOT NULL DEFAULT 'enabled'`);
        await queryRunner.query(`ALTER TABLE "dcim_poweroutlet" ALTER COLUMN "status" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_poweroutlet" ADD "color" character varying(6) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "dcim_poweroutlet" ALTER COLUMN "color" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_inventoryitemrole" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "dcim_inventoryitemrole" ALTER COLUMN "comments" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_inventoryitem" ADD "status" character varying(50) NOT NULL DEFAULT 'active'`);
        await queryRunner.query(`ALTER TABLE "dcim_inventoryitem" ALTER COLUMN "status" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_poweroutlettemplate" ADD "color" character varying(6) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "dcim_poweroutlettemplate" ALTER COLUMN "color" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_interfacetemplate" ADD "rf_role" character varying(50)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_interfacetemplate" DROP COLUMN "rf_role"`);
        await queryRunner.query(`ALTER TABLE "dcim_poweroutlettemplate" DROP COLUMN "color"`);
        await queryRunner.query(`ALTER TABLE "dcim_inventoryitem" DROP COLUMN "status"`);
        await queryRunner.query(`ALTER TABLE "dcim_inventoryitemrole" DROP COLUMN "comments"`);
        await queryRunner.query(`ALTER TABLE "dcim_poweroutlet" DROP COLUMN "color"`);
        await queryRunner.query(`ALTER TABLE "dcim_poweroutlet" DROP COLUMN "status"`);
    }

}
