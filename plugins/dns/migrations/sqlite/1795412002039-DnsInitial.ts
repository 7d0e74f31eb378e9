import { MigrationInterface, QueryRunner } from "typeorm";

export class DnsInitial1795412002039 implements MigrationInterface {
    name = 'DnsInitial1795412002039'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "dns_zone" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(255) NOT NULL, "status" varchar(50) NOT NULL, "default_ttl" integer, "soa_mname" varchar(255) NOT NULL, "soa_rname" varchar(255) NOT NULL, "soa_serial" bigint NOT NULL, "soa_refresh" integer NOT NULL, "soa_retry" integer NOT NULL, "soa_expire" integer NOT NULL, "soa_minimum" integer NOT NULL, "tenant_id" integer, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_d5f542dab37d5d8e5125ee6f4d8" UNIQUE ("name"))`);
        await queryRunner.query(`CREATE INDEX "idx_dns_zone_tenant_id" ON "dns_zone" ("tenant_id") `);
        await queryRunner.query(`CREATE TABLE "dns_record" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "zone_id" integer NOT NULL, "name" varchar(255) NOT NULL, "type" varchar(50) NOT NULL, "value" varchar(1000) NOT NULL, "ttl" integer, "ip_address_id" integer, "status" varchar(50) NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime)`);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_zone_id" ON "dns_record" ("zone_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_ip_address_id" ON "dns_record" ("ip_address_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dns_record_zone_id_name_type_value" ON "dns_record" ("zone_id", "name", "type", "value") `);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_name" ON "dns_record" ("name") `);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_type" ON "dns_record" ("type") `);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_value" ON "dns_record" ("value") `);
        await queryRunner.query(`DROP INDEX "idx_dns_zone_tenant_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_dns_zone" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(255) NOT NULL, "status" varchar(50) NOT NULL, "default_ttl" integer, "soa_mname" varchar(255) NOT NULL, "soa_rname" varchar(255) NOT NULL, "soa_serial" bigint NOT NULL, "soa_refresh" integer NOT NULL, "soa_retry" integer NOT NULL, "soa_expire" integer NOT NULL, "soa_minimum" integer NOT NULL, "tenant_id" integer, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_d5f542dab37d5d8e5125ee6f4d8" UNIQUE ("name"), CONSTRAINT "FK_ddc62fd7aa8ddd6a2f2d9a4553d" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_dns_zone"("id", "name", "status", "default_ttl", "soa_mname", "soa_rname", "soa_serial", "soa_refresh", "soa_retry", "soa_expire", "soa_minimum", "tenant_id", "description", "custom_field_data", "created", "last_updated") SELECT "id", "name", "status", "default_ttl", "soa_mname", "soa_rname", "soa_serial", "soa_refresh", "soa_retry", "soa_expire", "soa_minimum", "tenant_id", "description", "custom_field_data", "created", "last_updated" FROM "dns_zone"`);
        await queryRunner.query(`DROP TABLE "dns_zone"`);
        await queryRunner.query(`ALTER TABLE "temporary_dns_zone" RENAME TO "dns_zone"`);
        await queryRunner.query(`CREATE INDEX "idx_dns_zone_tenant_id" ON "dns_zone" ("tenant_id") `);
        await queryRunner.query(`DROP INDEX "idx_dns_record_zone_id"`);
        await queryRunner.query(`DROP INDEX "idx_dns_record_ip_address_id"`);
        await queryRunner.query(`DROP INDEX "uniq_dns_record_zone_id_name_type_value"`);
        await queryRunner.query(`DROP INDEX "idx_dns_record_name"`);
        await queryRunner.query(`DROP INDEX "idx_dns_record_type"`);
        await queryRunner.query(`DROP INDEX "idx_dns_record_value"`);
        await queryRunner.query(`CREATE TABLE "temporary_dns_record" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "zone_id" integer NOT NULL, "name" varchar(255) NOT NULL, "type" varchar(50) NOT NULL, "value" varchar(1000) NOT NULL, "ttl" integer, "ip_address_id" integer, "status" varchar(50) NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "FK_6a9d6de8ce1813d13e484db2ade" FOREIGN KEY ("zone_id") REFERENCES "dns_zone" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_5dc17028ecb0e50d7634725137c" FOREIGN KEY ("ip_address_id") REFERENCES "ipam_ipaddress" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_dns_record"("id", "zone_id", "name", "type", "value", "ttl", "ip_address_id", "status", "description", "custom_field_data", "created", "last_updated") SELECT "id", "zone_id", "name", "type", "value", "ttl", "ip_address_id", "status", "description", "custom_field_data", "created", "last_updated" FROM "dns_record"`);
        await queryRunner.query(`DROP TABLE "dns_record"`);
        await queryRunner.query(`ALTER TABLE "temporary_dns_record" RENAME TO "dns_record"`);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_zone_id" ON "dns_record" ("zone_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_ip_address_id" ON "dns_record" ("ip_address_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dns_record_zone_id_name_type_value" ON "dns_record" ("zone_id", "name", "type", "value") `);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_name" ON "dns_record" ("name") `);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_type" ON "dns_record" ("type") `);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_value" ON "dns_record" ("value") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_dns_record_value"`);
        await queryRunner.query(`DROP INDEX "idx_dns_record_type"`);
        await queryRunner.query(`DROP INDEX "idx_dns_record_name"`);
        await queryRunner.query(`DROP INDEX "uniq_dns_record_zone_id_name_type_value"`);
        await queryRunner.query(`DROP INDEX "idx_dns_record_ip_address_id"`);
        await queryRunner.query(`DROP INDEX "idx_dns_record_zone_id"`);
        await queryRunner.query(`ALTER TABLE "dns_record" RENAME TO "temporary_dns_record"`);
        await queryRunner.query(`CREATE TABLE "dns_record" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "zone_id" integer NOT NULL, "name" varchar(255) NOT NULL, "type" varchar(50) NOT NULL, "value" varchar(1000) NOT NULL, "ttl" integer, "ip_address_id" integer, "status" varchar(50) NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime)`);
        await queryRunner.query(`INSERT INTO "dns_record"("id", "zone_id", "name", "type", "value", "ttl", "ip_address_id", "status", "description", "custom_field_data", "created", "last_updated") SELECT "id", "zone_id", "name", "type", "value", "ttl", "ip_address_id", "status", "description", "custom_field_data", "created", "last_updated" FROM "temporary_dns_record"`);
        await queryRunner.query(`DROP TABLE "temporary_dns_record"`);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_value" ON "dns_record" ("value") `);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_type" ON "dns_record" ("type") `);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_name" ON "dns_record" ("name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dns_record_zone_id_name_type_value" ON "dns_record" ("zone_id", "name", "type", "value") `);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_ip_address_id" ON "dns_record" ("ip_address_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_zone_id" ON "dns_record" ("zone_id") `);
        await queryRunner.query(`DROP INDEX "idx_dns_zone_tenant_id"`);
        await queryRunner.query(`ALTER TABLE "dns_zone" RENAME TO "temporary_dns_zone"`);
        await queryRunner.query(`CREATE TABLE "dns_zone" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(255) NOT NULL, "status" varchar(50) NOT NULL, "default_ttl" integer, "soa_mname" varchar(255) NOT NULL, "soa_rname" varchar(255) NOT NULL, "soa_serial" bigint NOT NULL, "soa_refresh" integer NOT NULL, "soa_retry" integer NOT NULL, "soa_expire" integer NOT NULL, "soa_minimum" integer NOT NULL, "tenant_id" integer, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_d5f542dab37d5d8e5125ee6f4d8" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "dns_zone"("id", "name", "status", "default_ttl", "soa_mname", "soa_rname", "soa_serial", "soa_refresh", "soa_retry", "soa_expire", "soa_minimum", "tenant_id", "description", "custom_field_data", "created", "last_updated") SELECT "id", "name", "status", "default_ttl", "soa_mname", "soa_rname", "soa_serial", "soa_refresh", "soa_retry", "soa_expire", "soa_minimum", "tenant_id", "description", "custom_field_data", "created", "last_updated" FROM "temporary_dns_zone"`);
        await queryRunner.query(`DROP TABLE "temporary_dns_zone"`);
        await queryRunner.query(`CREATE INDEX "idx_dns_zone_tenant_id" ON "dns_zone" ("tenant_id") `);
        await queryRunner.query(`DROP INDEX "idx_dns_record_value"`);
        await queryRunner.query(`DROP INDEX "idx_dns_record_type"`);
        await queryRunner.query(`DROP INDEX "idx_dns_record_name"`);
        await queryRunner.query(`DROP INDEX "uniq_dns_record_zone_id_name_type_value"`);
        await queryRunner.query(`DROP INDEX "idx_dns_record_ip_address_id"`);
        await queryRunner.query(`DROP INDEX "idx_dns_record_zone_id"`);
        await queryRunner.query(`DROP TABLE "dns_record"`);
        await queryRunner.query(`DROP INDEX "idx_dns_zone_tenant_id"`);
        await queryRunner.query(`DROP TABLE "dns_zone"`);
    }

}
