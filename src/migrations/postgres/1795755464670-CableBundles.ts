import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.6's cable bundles, and a cable's bundle. */
export class CableBundles1795755464670 implements MigrationInterface {
    name = 'CableBundles1795755464670'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "dcim_cablebundle" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_5ab38dffd1fd979bc47e54f76dc" UNIQUE ("name"), CONSTRAINT "PK_e71053274b8dc0e39de9f9a1a02" PRIMARY KEY ("id"))`);
        await queryRunner.query(`ALTER TABLE "dcim_cable" ADD "bundle_id" integer`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_cable_bundle_id" ON "dcim_cable" ("bundle_id") `);
        await queryRunner.query(`ALTER TABLE "dcim_cable" ADD CONSTRAINT "FK_fee08c50ebd22ccce09126fa3e8" FOREIGN KEY ("bundle_id") REFERENCES "dcim_cablebundle"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_cable" DROP CONSTRAINT "FK_fee08c50ebd22ccce09126fa3e8"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_cable_bundle_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_cable" DROP COLUMN "bundle_id"`);
        await queryRunner.query(`DROP TABLE "dcim_cablebundle"`);
    }

}
