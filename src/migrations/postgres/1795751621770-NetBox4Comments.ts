import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's comments of VLAN groups, cluster types and groups, contact groups and roles, circuit types and wireless LAN groups; existing rows get none. */
export class NetBox4Comments1795751621770 implements MigrationInterface {
    name = 'NetBox4Comments1795751621770'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "ipam_vlangroup" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "ipam_vlangroup" ALTER COLUMN "comments" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "virtualization_clustertype" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "virtualization_clustertype" ALTER COLUMN "comments" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "virtualization_clustergroup" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "virtualization_clustergroup" ALTER COLUMN "comments" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "tenancy_contactgroup" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "tenancy_contactgroup" ALTER COLUMN "comments" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "tenancy_contactrole" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "tenancy_contactrole" ALTER COLUMN "comments" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittype" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittype" ALTER COLUMN "comments" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslangroup" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslangroup" ALTER COLUMN "comments" DROP DEFAULT`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslangroup" DROP COLUMN "comments"`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittype" DROP COLUMN "comments"`);
        await queryRunner.query(`ALTER TABLE "tenancy_contactrole" DROP COLUMN "comments"`);
        await queryRunner.query(`ALTER TABLE "tenancy_contactgroup" DROP COLUMN "comments"`);
        await queryRunner.query(`ALTER TABLE "virtualization_clustergroup" DROP COLUMN "comments"`);
        await queryRunner.query(`ALTER TABLE "virtualization_clustertype" DROP COLUMN "comments"`);
        await queryRunner.query(`ALTER TABLE "ipam_vlangroup" DROP COLUMN "comments"`);
    }

}
