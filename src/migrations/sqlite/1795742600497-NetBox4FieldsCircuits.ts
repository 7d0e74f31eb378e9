import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's plain fields of existing circuits models; existing rows get NetBox's defaults. */
export class NetBox4FieldsCircuits1795742600497 implements MigrationInterface {
    name = 'NetBox4FieldsCircuits1795742600497'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "temporary_circuits_circuittype" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "color" varchar(6) NOT NULL, CONSTRAINT "UQ_062609959ebc81975575039f7d9" UNIQUE ("slug"), CONSTRAINT "UQ_d144a7cf766e8d570d442200790" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "temporary_circuits_circuittype"("id", "name", "slug", "description", "custom_field_data", "created", "last_updated", "color") SELECT "id", "name", "slug", "description", "custom_field_data", "created", "last_updated", '' FROM "circuits_circuittype"`);
        await queryRunner.query(`DROP TABLE "circuits_circuittype"`);
        await queryRunner.query(`ALTER TABLE "temporary_circuits_circuittype" RENAME TO "circuits_circuittype"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuit_cid"`);
        await queryRunner.query(`DROP INDEX "circuits_circuit_unique_provideraccount_cid"`);
        await queryRunner.query(`DROP INDEX "circuits_circuit_unique_provider_cid"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuit_tenant_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuit_type_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuit_provider_account_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuit_provider_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_circuits_circuit" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "cid" varchar(100) NOT NULL, "provider_id" integer NOT NULL, "provider_account_id" integer, "type_id" integer NOT NULL, "status" varchar(50) NOT NULL, "tenant_id" integer, "install_date" date, "termination_date" date, "commit_rate" integer, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "distance" decimal(8,2), "distance_unit" varchar(50), CONSTRAINT "FK_211f2f80e90348250cdf90a92ca" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_dc19776603d7d002d8ef42bf959" FOREIGN KEY ("type_id") REFERENCES "circuits_circuittype" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_f9a1ee0557fbce4d3a7efa99c22" FOREIGN KEY ("provider_account_id") REFERENCES "circuits_provideraccount" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_37c096895f196fd5b49a4438683" FOREIGN KEY ("provider_id") REFERENCES "circuits_provider" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_circuits_circuit"("id", "cid", "provider_id", "provider_account_id", "type_id", "status", "tenant_id", "install_date", "termination_date", "commit_rate", "description", "comments", "custom_field_data", "created", "last_updated") SELECT "id", "cid", "provider_id", "provider_account_id", "type_id", "status", "tenant_id", "install_date", "termination_date", "commit_rate", "description", "comments", "custom_field_data", "created", "last_updated" FROM "circuits_circuit"`);
        await queryRunner.query(`DROP TABLE "circuits_circuit"`);
        await queryRunner.query(`ALTER TABLE "temporary_circuits_circuit" RENAME TO "circuits_circuit"`);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuit_cid" ON "circuits_circuit" ("cid") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "circuits_circuit_unique_provideraccount_cid" ON "circuits_circuit" ("provider_account_id", "cid") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "circuits_circuit_unique_provider_cid" ON "circuits_circuit" ("provider_id", "cid") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuit_tenant_id" ON "circuits_circuit" ("tenant_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuit_type_id" ON "circuits_circuit" ("type_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuit_provider_account_id" ON "circuits_circuit" ("provider_account_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuit_provider_id" ON "circuits_circuit" ("provider_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_circuits_circuit_provider_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuit_provider_account_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuit_type_id"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuit_tenant_id"`);
        await queryRunner.query(`DROP INDEX "circuits_circuit_unique_provider_cid"`);
        await queryRunner.query(`DROP INDEX "circuits_circuit_unique_provideraccount_cid"`);
        await queryRunner.query(`DROP INDEX "idx_circuits_circuit_cid"`);
        await queryRunner.query(`ALTER TABLE "circuits_circuit" RENAME TO "temporary_circuits_circuit"`);
        await queryRunner.query(`CREATE TABLE "circuits_circuit" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "cid" varchar(100) NOT NULL, "provider_id" integer NOT NULL, "provider_account_id" integer, "type_id" integer NOT NULL, "status" varchar(50) NOT NULL, "tenant_id" integer, "install_date" date, "termination_date" date, "commit_rate" integer, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "FK_211f2f80e90348250cdf90a92ca" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_dc19776603d7d002d8ef42bf959" FOREIGN KEY ("type_id") REFERENCES "circuits_circuittype" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_f9a1ee0557fbce4d3a7efa99c22" FOREIGN KEY ("provider_account_id") REFERENCES "circuits_provideraccount" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_37c096895f196fd5b49a4438683" FOREIGN KEY ("provider_id") REFERENCES "circuits_provider" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "circuits_circuit"("id", "cid", "provider_id", "provider_account_id", "type_id", "status", "tenant_id", "install_date", "termination_date", "commit_rate", "description", "comments", "custom_field_data", "created", "last_updated") SELECT "id", "cid", "provider_id", "provider_account_id", "type_id", "status", "tenant_id", "install_date", "termination_date", "commit_rate", "description", "comments", "custom_field_data", "created", "last_updated" FROM "temporary_circuits_circuit"`);
        await queryRunner.query(`DROP TABLE "temporary_circuits_circuit"`);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuit_provider_id" ON "circuits_circuit" ("provider_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuit_provider_account_id" ON "circuits_circuit" ("provider_account_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuit_type_id" ON "circuits_circuit" ("type_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuit_tenant_id" ON "circuits_circuit" ("tenant_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "circuits_circuit_unique_provider_cid" ON "circuits_circuit" ("provider_id", "cid") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "circuits_circuit_unique_provideraccount_cid" ON "circuits_circuit" ("provider_account_id", "cid") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuit_cid" ON "circuits_circuit" ("cid") `);
        await queryRunner.query(`ALTER TABLE "circuits_circuittype" RENAME TO "temporary_circuits_circuittype"`);
        await queryRunner.query(`CREATE TABLE "circuits_circuittype" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_062609959ebc81975575039f7d9" UNIQUE ("slug"), CONSTRAINT "UQ_d144a7cf766e8d570d442200790" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "circuits_circuittype"("id", "name", "slug", "description", "custom_field_data", "created", "last_updated") SELECT "id", "name", "slug", "description", "custom_field_data", "created", "last_updated" FROM "temporary_circuits_circuittype"`);
        await queryRunner.query(`DROP TABLE "temporary_circuits_circuittype"`);
    }

}
