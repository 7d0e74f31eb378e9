import { MigrationInterface, QueryRunner } from "typeorm";

export class ConfigTemplates1795631154380 implements MigrationInterface {
    name = 'ConfigTemplates1795631154380'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "extras_configtemplate" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "description" character varying(200) NOT NULL, "template_code" text NOT NULL, "environment_params" jsonb, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_f723ea25d0a576077e903e3d27c" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_configtemplate_name" ON "extras_configtemplate" ("name") `);
        await queryRunner.query(`ALTER TABLE "dcim_platform" ADD "config_template_id" integer`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" ADD "config_template_id" integer`);
        await queryRunner.query(`ALTER TABLE "dcim_device" ADD "config_template_id" integer`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_platform_config_template_id" ON "dcim_platform" ("config_template_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_devicerole_config_template_id" ON "dcim_devicerole" ("config_template_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_device_config_template_id" ON "dcim_device" ("config_template_id") `);
        await queryRunner.query(`ALTER TABLE "dcim_platform" ADD CONSTRAINT "FK_c487b2f52e85d33cf73de18eed2" FOREIGN KEY ("config_template_id") REFERENCES "extras_configtemplate"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" ADD CONSTRAINT "FK_4cb1a50f16f24e79fbc444c8963" FOREIGN KEY ("config_template_id") REFERENCES "extras_configtemplate"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_device" ADD CONSTRAINT "FK_47729e04d7d199e0f65d6a22976" FOREIGN KEY ("config_template_id") REFERENCES "extras_configtemplate"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_device" DROP CONSTRAINT "FK_47729e04d7d199e0f65d6a22976"`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" DROP CONSTRAINT "FK_4cb1a50f16f24e79fbc444c8963"`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" DROP CONSTRAINT "FK_c487b2f52e85d33cf73de18eed2"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_device_config_template_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_devicerole_config_template_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_platform_config_template_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_device" DROP COLUMN "config_template_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" DROP COLUMN "config_template_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" DROP COLUMN "config_template_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_configtemplate_name"`);
        await queryRunner.query(`DROP TABLE "extras_configtemplate"`);
    }

}
