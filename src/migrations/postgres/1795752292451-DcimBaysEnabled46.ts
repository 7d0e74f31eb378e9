import { MigrationInterface, QueryRunner } from "typeorm";

/** 4.3's enabled bays and bay templates (existing ones are enabled), 4.x's module bay templates of module types, and bays of modules named as freely as NetBox 4.x names them. */
export class DcimBaysEnabled461795752292451 implements MigrationInterface {
    name = 'DcimBaysEnabled461795752292451'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_modulebay" ADD "enabled" boolean NOT NULL DEFAULT TRUE`);
        await queryRunner.query(`ALTER TABLE "dcim_modulebay" ALTER COLUMN "enabled" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_devicebay" ADD "enabled" boolean NOT NULL DEFAULT TRUE`);
        await queryRunner.query(`ALTER TABLE "dcim_devicebay" ALTER COLUMN "enabled" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_modulebaytemplate" ADD "module_type_id" integer`);
        await queryRunner.query(`ALTER TABLE "dcim_modulebaytemplate" ADD "enabled" boolean NOT NULL DEFAULT TRUE`);
        await queryRunner.query(`ALTER TABLE "dcim_modulebaytemplate" ALTER COLUMN "enabled" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_devicebaytemplate" ADD "enabled" boolean NOT NULL DEFAULT TRUE`);
        await queryRunner.query(`ALTER TABLE "dcim_devicebaytemplate" ALTER COLUMN "enabled" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_modulebaytemplate" DROP CONSTRAINT "FK_dece38745bf99be0d04c0634efb"`);
        await queryRunner.query(`DROP INDEX "public"."uniq_dcim_modulebaytemplate_device_type_id_name"`);
        await queryRunner.query(`ALTER TABLE "dcim_modulebaytemplate" ALTER COLUMN "device_type_id" DROP NOT NULL`);
        await queryRunner.query(`DROP INDEX "public"."uniq_dcim_modulebay_device_id_name"`);
        await queryRunner.query(`CREATE UNIQUE INDEX "dcim_modulebay_unique_device_name" ON "dcim_modulebay" ("device_id", "name") WHERE "module_id" IS NULL`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_modulebay_device_id_module_id_name" ON "dcim_modulebay" ("device_id", "module_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_modulebaytemplate_module_type_id" ON "dcim_modulebaytemplate" ("module_type_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_modulebaytemplate_device_type_id_name" ON "dcim_modulebaytemplate" ("device_type_id", "name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_modulebaytemplate_module_type_id_name" ON "dcim_modulebaytemplate" ("module_type_id", "name") `);
        await queryRunner.query(`ALTER TABLE "dcim_modulebaytemplate" ADD CONSTRAINT "FK_dece38745bf99be0d04c0634efb" FOREIGN KEY ("device_type_id") REFERENCES "dcim_devicetype"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_modulebaytemplate" ADD CONSTRAINT "FK_93b0f08ba448e2e5f3c99370b3b" FOREIGN KEY ("module_type_id") REFERENCES "dcim_moduletype"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_modulebaytemplate" DROP CONSTRAINT "FK_93b0f08ba448e2e5f3c99370b3b"`);
        await queryRunner.query(`ALTER TABLE "dcim_modulebaytemplate" DROP CONSTRAINT "FK_dece38745bf99be0d04c0634efb"`);
        await queryRunner.query(`DROP INDEX "public"."uniq_dcim_modulebaytemplate_module_type_id_name"`);
        await queryRunner.query(`DROP INDEX "public"."uniq_dcim_modulebaytemplate_device_type_id_name"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_modulebaytemplate_module_type_id"`);
        await queryRunner.query(`DROP INDEX "public"."uniq_dcim_modulebay_device_id_module_id_name"`);
        await queryRunner.query(`DROP INDEX "public"."dcim_modulebay_unique_device_name"`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_modulebay_device_id_name" ON "dcim_modulebay" ("device_id", "name") `);
        await queryRunner.query(`ALTER TABLE "dcim_modulebaytemplate" ALTER COLUMN "device_type_id" SET NOT NULL`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_modulebaytemplate_device_type_id_name" ON "dcim_modulebaytemplate" ("device_type_id", "name") `);
        await queryRunner.query(`ALTER TABLE "dcim_modulebaytemplate" ADD CONSTRAINT "FK_dece38745bf99be0d04c0634efb" FOREIGN KEY ("device_type_id") REFERENCES "dcim_devicetype"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_devicebaytemplate" DROP COLUMN "enabled"`);
        await queryRunner.query(`ALTER TABLE "dcim_modulebaytemplate" DROP COLUMN "enabled"`);
        await queryRunner.query(`ALTER TABLE "dcim_modulebaytemplate" DROP COLUMN "module_type_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_devicebay" DROP COLUMN "enabled"`);
        await queryRunner.query(`ALTER TABLE "dcim_modulebay" DROP COLUMN "enabled"`);
    }

}
