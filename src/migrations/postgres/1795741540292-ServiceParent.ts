import { MigrationInterface, QueryRunner } from "typeorm";

export class ServiceParent1795741540292 implements MigrationInterface {
    name = 'ServiceParent1795741540292'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "ipam_service" ADD "parent_object_type" text`);
        await queryRunner.query(`ALTER TABLE "ipam_service" ADD "parent_object_id" bigint`);
        // Each existing service's device or virtual machine becomes its parent, as NetBox 4.3's migration makes it.
        await queryRunner.query(`UPDATE "ipam_service" SET "parent_object_type" = CASE WHEN "device_id" IS NOT NULL THEN 'dcim.device' ELSE 'virtualization.virtualmachine' END, "parent_object_id" = COALESCE("device_id", "virtual_machine_id")`);
        await queryRunner.query(`ALTER TABLE "ipam_service" ALTER COLUMN "parent_object_type" SET NOT NULL`);
        await queryRunner.query(`ALTER TABLE "ipam_service" ALTER COLUMN "parent_object_id" SET NOT NULL`);
        await queryRunner.query(`ALTER TABLE "ipam_service" DROP CONSTRAINT "FK_9dca7af5c694aebd7f01f4c08cb"`);
        await queryRunner.query(`ALTER TABLE "ipam_service" DROP CONSTRAINT "FK_ceb8b48fd90bc58a4a1c577d79b"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_service_device_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_service_virtual_machine_id"`);
        await queryRunner.query(`ALTER TABLE "ipam_service" DROP COLUMN "device_id"`);
        await queryRunner.query(`ALTER TABLE "ipam_service" DROP COLUMN "virtual_machine_id"`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_service_parent_object_type_parent_object_id" ON "ipam_service" ("parent_object_type", "parent_object_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_service_parent_object_type_parent_object_id"`);
        await queryRunner.query(`ALTER TABLE "ipam_service" ADD "virtual_machine_id" integer`);
        await queryRunner.query(`ALTER TABLE "ipam_service" ADD "device_id" integer`);
        // 3.5 had no other parents: a service of an FHRP group has none.
        await queryRunner.query(`UPDATE "ipam_service" SET "device_id" = CASE WHEN "parent_object_type" = 'dcim.device' THEN "parent_object_id" END, "virtual_machine_id" = CASE WHEN "parent_object_type" = 'virtualization.virtualmachine' THEN "parent_object_id" END`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_service_virtual_machine_id" ON "ipam_service" ("virtual_machine_id") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_service_device_id" ON "ipam_service" ("device_id") `);
        await queryRunner.query(`ALTER TABLE "ipam_service" ADD CONSTRAINT "FK_ceb8b48fd90bc58a4a1c577d79b" FOREIGN KEY ("virtual_machine_id") REFERENCES "virtualization_virtualmachine"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_service" ADD CONSTRAINT "FK_9dca7af5c694aebd7f01f4c08cb" FOREIGN KEY ("device_id") REFERENCES "dcim_device"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_service" DROP COLUMN "parent_object_id"`);
        await queryRunner.query(`ALTER TABLE "ipam_service" DROP COLUMN "parent_object_type"`);
    }

}
