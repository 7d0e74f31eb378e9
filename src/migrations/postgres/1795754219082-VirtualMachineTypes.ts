import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.6's virtual machine types, and a machine's type. */
export class VirtualMachineTypes1795754219082 implements MigrationInterface {
    name = 'VirtualMachineTypes1795754219082'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "virtualization_virtualmachinetype" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "slug" character varying(100) NOT NULL, "default_platform_id" integer, "default_vcpus" numeric(6,2), "default_memory" integer, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_fbfffa92e5ba524c1efa0f05495" UNIQUE ("slug"), CONSTRAINT "PK_3f1328acfac35294277277aa4e7" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachinetype_default_platform_id" ON "virtualization_virtualmachinetype" ("default_platform_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachinetype_name" ON "virtualization_virtualmachinetype" ("name") `);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachine" ADD "virtual_machine_type_id" integer`);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_virtual_machine_type_id" ON "virtualization_virtualmachine" ("virtual_machine_type_id") `);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachinetype" ADD CONSTRAINT "FK_cdae2cb62bebdf91afd2d9879e1" FOREIGN KEY ("default_platform_id") REFERENCES "dcim_platform"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachine" ADD CONSTRAINT "FK_e0ef218f77b99b219fa38b2264c" FOREIGN KEY ("virtual_machine_type_id") REFERENCES "virtualization_virtualmachinetype"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachine" DROP CONSTRAINT "FK_e0ef218f77b99b219fa38b2264c"`);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachinetype" DROP CONSTRAINT "FK_cdae2cb62bebdf91afd2d9879e1"`);
        await queryRunner.query(`DROP INDEX "public"."idx_virtualization_virtualmachine_virtual_machine_type_id"`);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachine" DROP COLUMN "virtual_machine_type_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_virtualization_virtualmachinetype_name"`);
        await queryRunner.query(`DROP INDEX "public"."idx_virtualization_virtualmachinetype_default_platform_id"`);
        await queryRunner.query(`DROP TABLE "virtualization_virtualmachinetype"`);
    }

}
