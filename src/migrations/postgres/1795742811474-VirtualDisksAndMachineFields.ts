import { MigrationInterface, QueryRunner } from "typeorm";

export class VirtualDisksAndMachineFields1795742811474 implements MigrationInterface {
    name = 'VirtualDisksAndMachineFields1795742811474'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "virtualization_virtualdisk" ("id" SERIAL NOT NULL, "virtual_machine_id" integer NOT NULL, "name" character varying(64) NOT NULL, "description" character varying(200) NOT NULL, "size" integer NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_9f091aee7c070997994221c66d6" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualdisk_virtual_machine_id" ON "virtualization_virtualdisk" ("virtual_machine_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "virtualization_virtualdisk_unique_virtual_machine_name" ON "virtualization_virtualdisk" ("virtual_machine_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualdisk_name" ON "virtualization_virtualdisk" ("name") `);
        // Existing machines get NetBox's values for fields they did not have: no serial, not started on boot.
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachine" ADD "serial" character varying(50) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachine" ADD "start_on_boot" character varying(50) NOT NULL DEFAULT 'off'`);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachine" ALTER COLUMN "serial" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachine" ALTER COLUMN "start_on_boot" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachine" ADD "config_template_id" integer`);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_config_template_id" ON "virtualization_virtualmachine" ("config_template_id") `);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachine" ADD CONSTRAINT "FK_00d952278233f8166ddb74fb250" FOREIGN KEY ("config_template_id") REFERENCES "extras_configtemplate"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualdisk" ADD CONSTRAINT "FK_d15f6c88004863d62f636428036" FOREIGN KEY ("virtual_machine_id") REFERENCES "virtualization_virtualmachine"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        // 4.1 counts a machine's disk in megabytes (NetBox's DISK_BASE_UNIT, 1000 a gigabyte).
        await queryRunner.query(`UPDATE "virtualization_virtualmachine" SET "disk" = "disk" * 1000 WHERE "disk" IS NOT NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`UPDATE "virtualization_virtualmachine" SET "disk" = "disk" / 1000 WHERE "disk" IS NOT NULL`);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualdisk" DROP CONSTRAINT "FK_d15f6c88004863d62f636428036"`);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachine" DROP CONSTRAINT "FK_00d952278233f8166ddb74fb250"`);
        await queryRunner.query(`DROP INDEX "public"."idx_virtualization_virtualmachine_config_template_id"`);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachine" DROP COLUMN "config_template_id"`);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachine" DROP COLUMN "start_on_boot"`);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachine" DROP COLUMN "serial"`);
        await queryRunner.query(`DROP INDEX "public"."idx_virtualization_virtualdisk_name"`);
        await queryRunner.query(`DROP INDEX "public"."virtualization_virtualdisk_unique_virtual_machine_name"`);
        await queryRunner.query(`DROP INDEX "public"."idx_virtualization_virtualdisk_virtual_machine_id"`);
        await queryRunner.query(`DROP TABLE "virtualization_virtualdisk"`);
    }

}
