import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.2's virtual circuit types, virtual circuits and their terminations at interfaces. */
export class VirtualCircuits1795754677599 implements MigrationInterface {
    name = 'VirtualCircuits1795754677599'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "circuits_virtualcircuittype" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "color" varchar(6) NOT NULL, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_3bf92e96531650b5d660fc4c500" UNIQUE ("name"), CONSTRAINT "UQ_207b19e1d8b72aaffe44884ae1d" UNIQUE ("slug"))`);
        await queryRunner.query(`CREATE TABLE "circuits_virtualcircuit" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "cid" varchar(100) NOT NULL, "provider_network_id" integer NOT NULL, "provider_account_id" integer, "type_id" integer NOT NULL, "status" varchar(50) NOT NULL, "tenant_id" integer, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime)`);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_provider_network_id" ON "circuits_virtualcircuit" ("provider_network_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_provider_account_id" ON "circuits_virtualcircuit" ("provider_account_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_type_id" ON "circuits_virtualcircuit" ("type_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_tenant_id" ON "circuits_virtualcircuit" ("tenant_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "circuits_virtualcircuit_unique_provider_network_cid" ON "circuits_virtualcircuit" ("provider_network_id", "cid") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "circuits_virtualcircuit_unique_provideraccount_cid" ON "circuits_virtualcircuit" ("provider_account_id", "cid") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_provider_network_id_provid_78506bb8" ON "circuits_virtualcircuit" ("provider_network_id", "provider_account_id", "cid") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_cid" ON "circuits_virtualcircuit" ("cid") `);
        await queryRunner.query(`CREATE TABLE "circuits_virtualcircuittermination" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "virtual_circuit_id" integer NOT NULL, "role" varchar(50) NOT NULL, "interface_id" integer NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_f59c6b122be9f7ec170b18b5f06" UNIQUE ("interface_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuittermination_virtual_circuit_id" ON "circuits_virtualcircuittermination" ("virtual_circuit_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuittermination_interface_id" ON "circuits_virtualcircuittermination" ("interface_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuittermination_virtual_circuit_ba42517d" ON "circuits_virtualcircuittermination" ("virtual_circuit_id", "role", "id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuittermination_role" ON "circuits_virtualcircuittermination" ("role") `);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_provider_network_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_provider_account_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_type_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_tenant_id"`);
        await queryRunner.query(`DROP INDEX "circuits_virtualcircuit_unique_provider_network_cid"`);
        await queryRunner.query(`DROP INDEX "circuits_virtualcircuit_unique_provideraccount_cid"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_provider_network_id_provid_78506bb8"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_cid"`);
        await queryRunner.query(`CREATE TABLE "temporary_circuits_virtualcircuit" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "cid" varchar(100) NOT NULL, "provider_network_id" integer NOT NULL, "provider_account_id" integer, "type_id" integer NOT NULL, "status" varchar(50) NOT NULL, "tenant_id" integer, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "FK_a176f4804326bea21c88ca87e44" FOREIGN KEY ("provider_network_id") REFERENCES "circuits_providernetwork" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_1600237e8e62d12cc192560812a" FOREIGN KEY ("provider_account_id") REFERENCES "circuits_provideraccount" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_977bd7f1f36ea44277ed7819748" FOREIGN KEY ("type_id") REFERENCES "circuits_virtualcircuittype" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_f914d0fc6a76b30c085efd768a5" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_circuits_virtualcircuit"("id", "cid", "provider_network_id", "provider_account_id", "type_id", "status", "tenant_id", "description", "comments", "custom_field_data", "created", "last_updated") SELECT "id", "cid", "provider_network_id", "provider_account_id", "type_id", "status", "tenant_id", "description", "comments", "custom_field_data", "created", "last_updated" FROM "circuits_virtualcircuit"`);
        await queryRunner.query(`DROP TABLE "circuits_virtualcircuit"`);
        await queryRunner.query(`ALTER TABLE "temporary_circuits_virtualcircuit" RENAME TO "circuits_virtualcircuit"`);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_provider_network_id" ON "circuits_virtualcircuit" ("provider_network_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_provider_account_id" ON "circuits_virtualcircuit" ("provider_account_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_type_id" ON "circuits_virtualcircuit" ("type_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_tenant_id" ON "circuits_virtualcircuit" ("tenant_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "circuits_virtualcircuit_unique_provider_network_cid" ON "circuits_virtualcircuit" ("provider_network_id", "cid") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "circuits_virtualcircuit_unique_provideraccount_cid" ON "circuits_virtualcircuit" ("provider_account_id", "cid") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_provider_network_id_provid_78506bb8" ON "circuits_virtualcircuit" ("provider_network_id", "provider_account_id", "cid") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_cid" ON "circuits_virtualcircuit" ("cid") `);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuittermination_virtual_circuit_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuittermination_interface_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuittermination_virtual_circuit_ba42517d"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuittermination_role"`);
        await queryRunner.query(`CREATE TABLE "temporary_circuits_virtualcircuittermination" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "virtual_circuit_id" integer NOT NULL, "role" varchar(50) NOT NULL, "interface_id" integer NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_f59c6b122be9f7ec170b18b5f06" UNIQUE ("interface_id"), CONSTRAINT "FK_6d7f16e8135204ae5018e029a10" FOREIGN KEY ("virtual_circuit_id") REFERENCES "circuits_virtualcircuit" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_f59c6b122be9f7ec170b18b5f06" FOREIGN KEY ("interface_id") REFERENCES "dcim_interface" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_circuits_virtualcircuittermination"("id", "virtual_circuit_id", "role", "interface_id", "description", "custom_field_data", "created", "last_updated") SELECT "id", "virtual_circuit_id", "role", "interface_id", "description", "custom_field_data", "created", "last_updated" FROM "circuits_virtualcircuittermination"`);
        await queryRunner.query(`DROP TABLE "circuits_virtualcircuittermination"`);
        await queryRunner.query(`ALTER TABLE "temporary_circuits_virtualcircuittermination" RENAME TO "circuits_virtualcircuittermination"`);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuittermination_virtual_circuit_id" ON "circuits_virtualcircuittermination" ("virtual_circuit_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuittermination_interface_id" ON "circuits_virtualcircuittermination" ("interface_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuittermination_virtual_circuit_ba42517d" ON "circuits_virtualcircuittermination" ("virtual_circuit_id", "role", "id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuittermination_role" ON "circuits_virtualcircuittermination" ("role") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuittermination_role"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuittermination_virtual_circuit_ba42517d"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuittermination_interface_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuittermination_virtual_circuit_id"`);
        await queryRunner.query(`ALTER TABLE "circuits_virtualcircuittermination" RENAME TO "temporary_circuits_virtualcircuittermination"`);
        await queryRunner.query(`CREATE TABLE "circuits_virtualcircuittermination" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "virtual_circuit_id" integer NOT NULL, "role" varchar(50) NOT NULL, "interface_id" integer NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_f59c6b122be9f7ec170b18b5f06" UNIQUE ("interface_id"))`);
        await queryRunner.query(`INSERT INTO "circuits_virtualcircuittermination"("id", "virtual_circuit_id", "role", "interface_id", "description", "custom_field_data", "created", "last_updated") SELECT "id", "virtual_circuit_id", "role", "interface_id", "description", "custom_field_data", "created", "last_updated" FROM "temporary_circuits_virtualcircuittermination"`);
        await queryRunner.query(`DROP TABLE "temporary_circuits_virtualcircuittermination"`);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuittermination_role" ON "circuits_virtualcircuittermination" ("role") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuittermination_virtual_circuit_ba42517d" ON "circuits_virtualcircuittermination" ("virtual_circuit_id", "role", "id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuittermination_interface_id" ON "circuits_virtualcircuittermination" ("interface_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuittermination_virtual_circuit_id" ON "circuits_virtualcircuittermination" ("virtual_circuit_id") `);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_cid"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_provider_network_id_provid_78506bb8"`);
        await queryRunner.query(`DROP INDEX "circuits_virtualcircuit_unique_provideraccount_cid"`);
        await queryRunner.query(`DROP INDEX "circuits_virtualcircuit_unique_provider_network_cid"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_tenant_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_type_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_provider_account_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_provider_network_id"`);
        await queryRunner.query(`ALTER TABLE "circuits_virtualcircuit" RENAME TO "temporary_circuits_virtualcircuit"`);
        await queryRunner.query(`CREATE TABLE "circuits_virtualcircuit" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "cid" varchar(100) NOT NULL, "provider_network_id" integer NOT NULL, "provider_account_id" integer, "type_id" integer NOT NULL, "status" varchar(50) NOT NULL, "tenant_id" integer, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime)`);
        await queryRunner.query(`INSERT INTO "circuits_virtualcircuit"("id", "cid", "provider_network_id", "provider_account_id", "type_id", "status", "tenant_id", "description", "comments", "custom_field_data", "created", "last_updated") SELECT "id", "cid", "provider_network_id", "provider_account_id", "type_id", "status", "tenant_id", "description", "comments", "custom_field_data", "created", "last_updated" FROM "temporary_circuits_virtualcircuit"`);
        await queryRunner.query(`DROP TABLE "temporary_circuits_virtualcircuit"`);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_cid" ON "circuits_virtualcircuit" ("cid") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_provider_network_id_provid_78506bb8" ON "circuits_virtualcircuit" ("provider_network_id", "provider_account_id", "cid") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "circuits_virtualcircuit_unique_provideraccount_cid" ON "circuits_virtualcircuit" ("provider_account_id", "cid") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "circuits_virtualcircuit_unique_provider_network_cid" ON "circuits_virtualcircuit" ("provider_network_id", "cid") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_tenant_id" ON "circuits_virtualcircuit" ("tenant_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_type_id" ON "circuits_virtualcircuit" ("type_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_provider_account_id" ON "circuits_virtualcircuit" ("provider_account_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_virtualcircuit_provider_network_id" ON "circuits_virtualcircuit" ("provider_network_id") `);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuittermination_role"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuittermination_virtual_circuit_ba42517d"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuittermination_interface_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuittermination_virtual_circuit_id"`);
        await queryRunner.query(`DROP TABLE "circuits_virtualcircuittermination"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_cid"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_provider_network_id_provid_78506bb8"`);
        await queryRunner.query(`DROP INDEX "circuits_virtualcircuit_unique_provideraccount_cid"`);
        await queryRunner.query(`DROP INDEX "circuits_virtualcircuit_unique_provider_network_cid"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_tenant_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_type_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_provider_account_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_virtualcircuit_provider_network_id"`);
        await queryRunner.query(`DROP TABLE "circuits_virtualcircuit"`);
        await queryRunner.query(`DROP TABLE "circuits_virtualcircuittype"`);
    }

}
