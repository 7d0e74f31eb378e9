import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's plain fields of existing dcim models; existing rows get NetBox's defaults. */
export class NetBox4FieldsDcim1795742681101 implements MigrationInterface {
    name = 'NetBox4FieldsDcim1795742681101'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_region" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "dcim_region" ALTER COLUMN "comments" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_sitegroup" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "dcim_sitegroup" ALTER COLUMN "comments" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_location" ADD "facility" character varying(50) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "dcim_location" ALTER COLUMN "facility" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_location" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "dcim_location" ALTER COLUMN "comments" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_manufacturer" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "dcim_manufacturer" ALTER COLUMN "comments" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_devicetype" ADD "exclude_from_utilization" boolean NOT NULL DEFAULT FALSE`);
        await queryRunner.query(`ALTER TABLE "dcim_devicetype" ALTER COLUMN "exclude_from_utilization" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_moduletype" ADD "airflow" character varying(50)`);
        await queryRunner.query(`ALTER TABLE "dcim_rackrole" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "dcim_rackrole" ALTER COLUMN "comments" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_rack" ADD "starting_unit" integer NOT NULL DEFAULT 1`);
        await queryRunner.query(`ALTER TABLE "dcim_rack" ALTER COLUMN "starting_unit" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_rack" ADD "outer_height" integer`);
        await queryRunner.query(`ALTER TABLE "dcim_rack" ADD "airflow" character varying(50)`);
        await queryRunner.query(`ALTER TABLE "dcim_rackreservation" ADD "status" character varying(50) NOT NULL DEFAULT 'active'`);
        await queryRunner.query(`ALTER TABLE "dcim_rackreservation" ALTER COLUMN "status" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_device" ADD "latitude" numeric(8,6)`);
        await queryRunner.query(`ALTER TABLE "dcim_device" ADD "longitude" numeric(9,6)`);
        await queryRunner.query(`ALTER TABLE "dcim_powerfeed" ADD "tenant_id" integer`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_powerfeed_tenant_id" ON "dcim_powerfeed" ("tenant_id") `);
        await queryRunner.query(`ALTER TABLE "dcim_powerfeed" ADD CONSTRAINT "FK_1d3df5b380d9acaab2c7058d34d" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_powerfeed" DROP CONSTRAINT "FK_1d3df5b380d9acaab2c7058d34d"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_powerfeed_tenant_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_powerfeed" DROP COLUMN "tenant_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_device" DROP COLUMN "longitude"`);
        await queryRunner.query(`ALTER TABLE "dcim_device" DROP COLUMN "latitude"`);
        await queryRunner.query(`ALTER TABLE "dcim_rackreservation" DROP COLUMN "status"`);
        await queryRunner.query(`ALTER TABLE "dcim_rack" DROP COLUMN "airflow"`);
        await queryRunner.query(`ALTER TABLE "dcim_rack" DROP COLUMN "outer_height"`);
        await queryRunner.query(`ALTER TABLE "dcim_rack" DROP COLUMN "starting_unit"`);
        await queryRunner.query(`ALTER TABLE "dcim_rackrole" DROP COLUMN "comments"`);
        await queryRunner.query(`ALTER TABLE "dcim_moduletype" DROP COLUMN "airflow"`);
        await queryRunner.query(`ALTER TABLE "dcim_devicetype" DROP COLUMN "exclude_from_utilization"`);
        await queryRunner.query(`ALTER TABLE "dcim_manufacturer" DROP COLUMN "comments"`);
        await queryRunner.query(`ALTER TABLE "dcim_location" DROP COLUMN "comments"`);
        await queryRunner.query(`ALTER TABLE "dcim_location" DROP COLUMN "facility"`);
        await queryRunner.query(`ALTER TABLE "dcim_sitegroup" DROP COLUMN "comments"`);
        await queryRunner.query(`ALTER TABLE "dcim_region" DROP COLUMN "comments"`);
    }

}
