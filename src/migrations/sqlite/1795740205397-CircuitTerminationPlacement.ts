import { MigrationInterface, QueryRunner } from "typeorm";

export class CircuitTerminationPlacement1795740205397 implements MigrationInterface {
    name = 'CircuitTerminationPlacement1795740205397'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_term_side"`);
        await queryRunner.query(`DROP INDEX "circuits_circuittermination_unique_circuit_term_side"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_cable_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_provider_network_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_site_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_circuit_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_circuits_circuittermination" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "circuit_id" integer NOT NULL, "term_side" varchar(50) NOT NULL, "site_id" integer, "provider_network_id" integer, "port_speed" integer, "upstream_speed" integer, "xconnect_id" varchar(50) NOT NULL, "pp_info" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "mark_connected" boolean NOT NULL, "cable_id" integer, "cable_end" varchar(1) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "termination_type" text, "termination_id" bigint, "_region_id" integer, "_site_group_id" integer, "_location_id" integer, CONSTRAINT "FK_9c2c236ca132c6aeca655bbef3e" FOREIGN KEY ("cable_id") REFERENCES "dcim_cable" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_d4a42b9a91fe1c4d2ea801f4c73" FOREIGN KEY ("provider_network_id") REFERENCES "circuits_providernetwork" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_817fd9889d1697eaf43d0f3951d" FOREIGN KEY ("site_id") REFERENCES "dcim_site" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_8e41fb7528eff740b28d85b1fb8" FOREIGN KEY ("circuit_id") REFERENCES "circuits_circuit" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_circuits_circuittermination"("id", "circuit_id", "term_side", "site_id", "provider_network_id", "port_speed", "upstream_speed", "xconnect_id", "pp_info", "description", "mark_connected", "cable_id", "cable_end", "custom_field_data", "created", "last_updated") SELECT "id", "circuit_id", "term_side", "site_id", "provider_network_id", "port_speed", "upstream_speed", "xconnect_id", "pp_info", "description", "mark_connected", "cable_id", "cable_end", "custom_field_data", "created", "last_updated" FROM "circuits_circuittermination"`);
        await queryRunner.query(`DROP TABLE "circuits_circuittermination"`);
        await queryRunner.query(`ALTER TABLE "temporary_circuits_circuittermination" RENAME TO "circuits_circuittermination"`);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_term_side" ON "circuits_circuittermination" ("term_side") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "circuits_circuittermination_unique_circuit_term_side" ON "circuits_circuittermination" ("circuit_id", "term_side") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_cable_id" ON "circuits_circuittermination" ("cable_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_provider_network_id" ON "circuits_circuittermination" ("provider_network_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_site_id" ON "circuits_circuittermination" ("site_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_circuit_id" ON "circuits_circuittermination" ("circuit_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination__region_id" ON "circuits_circuittermination" ("_region_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination__site_group_id" ON "circuits_circuittermination" ("_site_group_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination__location_id" ON "circuits_circuittermination" ("_location_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_termination_type_termination_id" ON "circuits_circuittermination" ("termination_type", "termination_id") `);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_term_side"`);
        await queryRunner.query(`DROP INDEX "circuits_circuittermination_unique_circuit_term_side"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_cable_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_provider_network_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_site_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_circuit_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination__region_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination__site_group_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination__location_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_termination_type_termination_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_circuits_circuittermination" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "circuit_id" integer NOT NULL, "term_side" varchar(50) NOT NULL, "site_id" integer, "provider_network_id" integer, "port_speed" integer, "upstream_speed" integer, "xconnect_id" varchar(50) NOT NULL, "pp_info" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "mark_connected" boolean NOT NULL, "cable_id" integer, "cable_end" varchar(1) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "termination_type" text, "termination_id" bigint, "_region_id" integer, "_site_group_id" integer, "_location_id" integer, CONSTRAINT "FK_9c2c236ca132c6aeca655bbef3e" FOREIGN KEY ("cable_id") REFERENCES "dcim_cable" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_d4a42b9a91fe1c4d2ea801f4c73" FOREIGN KEY ("provider_network_id") REFERENCES "circuits_providernetwork" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_817fd9889d1697eaf43d0f3951d" FOREIGN KEY ("site_id") REFERENCES "dcim_site" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_8e41fb7528eff740b28d85b1fb8" FOREIGN KEY ("circuit_id") REFERENCES "circuits_circuit" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_5840d20a23601f98a90fbe5c04c" FOREIGN KEY ("_region_id") REFERENCES "dcim_region" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_bcc6599373ae028964902d06d45" FOREIGN KEY ("_site_group_id") REFERENCES "dcim_sitegroup" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_3ecee2eb02c0553bb4a4549ba79" FOREIGN KEY ("_location_id") REFERENCES "dcim_location" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_circuits_circuittermination"("id", "circuit_id", "term_side", "site_id", "provider_network_id", "port_speed", "upstream_speed", "xconnect_id", "pp_info", "description", "mark_connected", "cable_id", "cable_end", "custom_field_data", "created", "last_updated", "termination_type", "termination_id", "_region_id", "_site_group_id", "_location_id") SELECT "id", "circuit_id", "term_side", "site_id", "provider_network_id", "port_speed", "upstream_speed", "xconnect_id", "pp_info", "description", "mark_connected", "cable_id", "cable_end", "custom_field_data", "created", "last_updated", "termination_type", "termination_id", "_region_id", "_site_group_id", "_location_id" FROM "circuits_circuittermination"`);
        await queryRunner.query(`DROP TABLE "circuits_circuittermination"`);
        await queryRunner.query(`ALTER TABLE "temporary_circuits_circuittermination" RENAME TO "circuits_circuittermination"`);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_term_side" ON "circuits_circuittermination" ("term_side") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "circuits_circuittermination_unique_circuit_term_side" ON "circuits_circuittermination" ("circuit_id", "term_side") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_cable_id" ON "circuits_circuittermination" ("cable_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_provider_network_id" ON "circuits_circuittermination" ("provider_network_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_site_id" ON "circuits_circuittermination" ("site_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_circuit_id" ON "circuits_circuittermination" ("circuit_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination__region_id" ON "circuits_circuittermination" ("_region_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination__site_group_id" ON "circuits_circuittermination" ("_site_group_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination__location_id" ON "circuits_circuittermination" ("_location_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_termination_type_termination_id" ON "circuits_circuittermination" ("termination_type", "termination_id") `);
        // Existing terminations attached to a site or a provider network: it becomes their termination, with the site's ancestors cached.
        await queryRunner.query(`UPDATE "circuits_circuittermination" SET "termination_type" = 'dcim.site', "termination_id" = "site_id", "_region_id" = (SELECT s."region_id" FROM "dcim_site" s WHERE s."id" = "circuits_circuittermination"."site_id"), "_site_group_id" = (SELECT s."group_id" FROM "dcim_site" s WHERE s."id" = "circuits_circuittermination"."site_id") WHERE "site_id" IS NOT NULL`);
        await queryRunner.query(`UPDATE "circuits_circuittermination" SET "termination_type" = 'circuits.providernetwork', "termination_id" = "provider_network_id" WHERE "provider_network_id" IS NOT NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_termination_type_termination_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination__location_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination__site_group_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination__region_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_circuit_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_site_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_provider_network_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_cable_id"`);
        await queryRunner.query(`DROP INDEX "circuits_circuittermination_unique_circuit_term_side"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_term_side"`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" RENAME TO "temporary_circuits_circuittermination"`);
        await queryRunner.query(`CREATE TABLE "circuits_circuittermination" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "circuit_id" integer NOT NULL, "term_side" varchar(50) NOT NULL, "site_id" integer, "provider_network_id" integer, "port_speed" integer, "upstream_speed" integer, "xconnect_id" varchar(50) NOT NULL, "pp_info" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "mark_connected" boolean NOT NULL, "cable_id" integer, "cable_end" varchar(1) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "termination_type" text, "termination_id" bigint, "_region_id" integer, "_site_group_id" integer, "_location_id" integer, CONSTRAINT "FK_9c2c236ca132c6aeca655bbef3e" FOREIGN KEY ("cable_id") REFERENCES "dcim_cable" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_d4a42b9a91fe1c4d2ea801f4c73" FOREIGN KEY ("provider_network_id") REFERENCES "circuits_providernetwork" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_817fd9889d1697eaf43d0f3951d" FOREIGN KEY ("site_id") REFERENCES "dcim_site" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_8e41fb7528eff740b28d85b1fb8" FOREIGN KEY ("circuit_id") REFERENCES "circuits_circuit" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "circuits_circuittermination"("id", "circuit_id", "term_side", "site_id", "provider_network_id", "port_speed", "upstream_speed", "xconnect_id", "pp_info", "description", "mark_connected", "cable_id", "cable_end", "custom_field_data", "created", "last_updated", "termination_type", "termination_id", "_region_id", "_site_group_id", "_location_id") SELECT "id", "circuit_id", "term_side", "site_id", "provider_network_id", "port_speed", "upstream_speed", "xconnect_id", "pp_info", "description", "mark_connected", "cable_id", "cable_end", "custom_field_data", "created", "last_updated", "termination_type", "termination_id", "_region_id", "_site_group_id", "_location_id" FROM "temporary_circuits_circuittermination"`);
        await queryRunner.query(`DROP TABLE "temporary_circuits_circuittermination"`);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_termination_type_termination_id" ON "circuits_circuittermination" ("termination_type", "termination_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination__location_id" ON "circuits_circuittermination" ("_location_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination__site_group_id" ON "circuits_circuittermination" ("_site_group_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination__region_id" ON "circuits_circuittermination" ("_region_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_circuit_id" ON "circuits_circuittermination" ("circuit_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_site_id" ON "circuits_circuittermination" ("site_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_provider_network_id" ON "circuits_circuittermination" ("provider_network_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_cable_id" ON "circuits_circuittermination" ("cable_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "circuits_circuittermination_unique_circuit_term_side" ON "circuits_circuittermination" ("circuit_id", "term_side") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_term_side" ON "circuits_circuittermination" ("term_side") `);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_termination_type_termination_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination__location_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination__site_group_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination__region_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_circuit_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_site_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_provider_network_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_cable_id"`);
        await queryRunner.query(`DROP INDEX "circuits_circuittermination_unique_circuit_term_side"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuittermination_term_side"`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" RENAME TO "temporary_circuits_circuittermination"`);
        await queryRunner.query(`CREATE TABLE "circuits_circuittermination" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "circuit_id" integer NOT NULL, "term_side" varchar(50) NOT NULL, "site_id" integer, "provider_network_id" integer, "port_speed" integer, "upstream_speed" integer, "xconnect_id" varchar(50) NOT NULL, "pp_info" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "mark_connected" boolean NOT NULL, "cable_id" integer, "cable_end" varchar(1) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "FK_9c2c236ca132c6aeca655bbef3e" FOREIGN KEY ("cable_id") REFERENCES "dcim_cable" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_d4a42b9a91fe1c4d2ea801f4c73" FOREIGN KEY ("provider_network_id") REFERENCES "circuits_providernetwork" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_817fd9889d1697eaf43d0f3951d" FOREIGN KEY ("site_id") REFERENCES "dcim_site" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_8e41fb7528eff740b28d85b1fb8" FOREIGN KEY ("circuit_id") REFERENCES "circuits_circuit" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "circuits_circuittermination"("id", "circuit_id", "term_side", "site_id", "provider_network_id", "port_speed", "upstream_speed", "xconnect_id", "pp_info", "description", "mark_connected", "cable_id", "cable_end", "custom_field_data", "created", "last_updated") SELECT "id", "circuit_id", "term_side", "site_id", "provider_network_id", "port_speed", "upstream_speed", "xconnect_id", "pp_info", "description", "mark_connected", "cable_id", "cable_end", "custom_field_data", "created", "last_updated" FROM "temporary_circuits_circuittermination"`);
        await queryRunner.query(`DROP TABLE "temporary_circuits_circuittermination"`);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_circuit_id" ON "circuits_circuittermination" ("circuit_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_site_id" ON "circuits_circuittermination" ("site_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_provider_network_id" ON "circuits_circuittermination" ("provider_network_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_cable_id" ON "circuits_circuittermination" ("cable_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "circuits_circuittermination_unique_circuit_term_side" ON "circuits_circuittermination" ("circuit_id", "term_side") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_term_side" ON "circuits_circuittermination" ("term_side") `);
    }

}
