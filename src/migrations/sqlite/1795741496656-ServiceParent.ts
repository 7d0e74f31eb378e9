import { MigrationInterface, QueryRunner } from "typeorm";

export class ServiceParent1795741496656 implements MigrationInterface {
    name = 'ServiceParent1795741496656'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_ipam_service_virtual_machine_id"`);
        await queryRunner.query(`DROP INDEX "idx_ipam_service_device_id"`);
        await queryRunner.query(`DROP INDEX "idx_ipam_service_protocol"`);
        await queryRunner.query(`DROP INDEX "idx_ipam_service__ports_sort"`);
        await queryRunner.query(`CREATE TABLE "temporary_ipam_service" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "ports" text NOT NULL, "protocol" varchar(50) NOT NULL, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "_ports_sort" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "parent_object_type" text NOT NULL, "parent_object_id" bigint NOT NULL)`);
        // Each existing service's device or virtual machine becomes its parent, as NetBox 4.3's migration makes it.
        await queryRunner.query(`INSERT INTO "temporary_ipam_service"("id", "name", "ports", "protocol", "description", "comments", "_ports_sort", "custom_field_data", "created", "last_updated", "parent_object_type", "parent_object_id") SELECT "id", "name", "ports", "protocol", "description", "comments", "_ports_sort", "custom_field_data", "created", "last_updated", CASE WHEN "device_id" IS NOT NULL THEN 'dcim.device' ELSE 'virtualization.virtualmachine' END, COALESCE("device_id", "virtual_machine_id") FROM "ipam_service"`);
        await queryRunner.query(`DROP TABLE "ipam_service"`);
        await queryRunner.query(`ALTER TABLE "temporary_ipam_service" RENAME TO "ipam_service"`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_service_protocol" ON "ipam_service" ("protocol") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_service__ports_sort" ON "ipam_service" ("_ports_sort") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_service_parent_object_type_parent_object_id" ON "ipam_service" ("parent_object_type", "parent_object_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_ipam_service_parent_object_type_parent_object_id"`);
        await queryRunner.query(`DROP INDEX "idx_ipam_service__ports_sort"`);
        await queryRunner.query(`DROP INDEX "idx_ipam_service_protocol"`);
        await queryRunner.query(`ALTER TABLE "ipam_service" RENAME TO "temporary_ipam_service"`);
        await queryRunner.query(`CREATE TABLE "ipam_service" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "device_id" integer, "name" varchar(100) NOT NULL, "ports" text NOT NULL, "protocol" varchar(50) NOT NULL, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "_ports_sort" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "virtual_machine_id" integer, CONSTRAINT "FK_ceb8b48fd90bc58a4a1c577d79b" FOREIGN KEY ("virtual_machine_id") REFERENCES "virtualization_virtualmachine" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_9dca7af5c694aebd7f01f4c08cb" FOREIGN KEY ("device_id") REFERENCES "dcim_device" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        // 3.5 had no other parents: a service of an FHRP group has none.
        await queryRunner.query(`INSERT INTO "ipam_service"("id", "name", "ports", "protocol", "description", "comments", "_ports_sort", "custom_field_data", "created", "last_updated", "device_id", "virtual_machine_id") SELECT "id", "name", "ports", "protocol", "description", "comments", "_ports_sort", "custom_field_data", "created", "last_updated", CASE WHEN "parent_object_type" = 'dcim.device' THEN "parent_object_id" END, CASE WHEN "parent_object_type" = 'virtualization.virtualmachine' THEN "parent_object_id" END FROM "temporary_ipam_service"`);
        await queryRunner.query(`DROP TABLE "temporary_ipam_service"`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_service__ports_sort" ON "ipam_service" ("_ports_sort") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_service_protocol" ON "ipam_service" ("protocol") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_service_device_id" ON "ipam_service" ("device_id") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_service_virtual_machine_id" ON "ipam_service" ("virtual_machine_id") `);
    }

}
