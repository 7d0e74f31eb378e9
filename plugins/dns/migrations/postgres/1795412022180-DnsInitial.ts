import { MigrationInterface, QueryRunner } from "typeorm";

export class DnsInitial1795412022180 implements MigrationInterface {
    name = 'DnsInitial1795412022180'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "dns_zone" ("id" SERIAL NOT NULL, "name" character varying(255) NOT NULL, "status" character varying(50) NOT NULL, "default_ttl" integer, "soa_mname" character varying(255) NOT NULL, "soa_rname" character varying(255) NOT NULL, "soa_serial" bigint NOT NULL, "soa_refresh" integer NOT NULL, "soa_retry" integer NOT NULL, "soa_expire" integer NOT NULL, "soa_minimum" integer NOT NULL, "tenant_id" integer, "description" character varying(200) NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_d5f542dab37d5d8e5125ee6f4d8" UNIQUE ("name"), CONSTRAINT "PK_0eccc8216ad9f4a25509e063f30" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_dns_zone_tenant_id" ON "dns_zone" ("tenant_id") `);
        await queryRunner.query(`CREATE TABLE "dns_record" ("id" SERIAL NOT NULL, "zone_id" integer NOT NULL, "name" character varying(255) NOT NULL, "type" character varying(50) NOT NULL, "value" character varying(1000) NOT NULL, "ttl" integer, "ip_address_id" integer, "status" character varying(50) NOT NULL, "description" character varying(200) NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_b7a29d2315f3a71282065bff94b" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_zone_id" ON "dns_record" ("zone_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_ip_address_id" ON "dns_record" ("ip_address_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dns_record_zone_id_name_type_value" ON "dns_record" ("zone_id", "name", "type", "value") `);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_name" ON "dns_record" ("name") `);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_type" ON "dns_record" ("type") `);
        await queryRunner.query(`CREATE INDEX "idx_dns_record_value" ON "dns_record" ("value") `);
        await queryRunner.query(`ALTER TABLE "dns_zone" ADD CONSTRAINT "FK_ddc62fd7aa8ddd6a2f2d9a4553d" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dns_record" ADD CONSTRAINT "FK_6a9d6de8ce1813d13e484db2ade" FOREIGN KEY ("zone_id") REFERENCES "dns_zone"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dns_record" ADD CONSTRAINT "FK_5dc17028ecb0e50d7634725137c" FOREIGN KEY ("ip_address_id") REFERENCES "ipam_ipaddress"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dns_record" DROP CONSTRAINT "FK_5dc17028ecb0e50d7634725137c"`);
        await queryRunner.query(`ALTER TABLE "dns_record" DROP CONSTRAINT "FK_6a9d6de8ce1813d13e484db2ade"`);
        await queryRunner.query(`ALTER TABLE "dns_zone" DROP CONSTRAINT "FK_ddc62fd7aa8ddd6a2f2d9a4553d"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dns_record_value"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dns_record_type"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dns_record_name"`);
        await queryRunner.query(`DROP INDEX "public"."uniq_dns_record_zone_id_name_type_value"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dns_record_ip_address_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dns_record_zone_id"`);
        await queryRunner.query(`DROP TABLE "dns_record"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dns_zone_tenant_id"`);
        await queryRunner.query(`DROP TABLE "dns_zone"`);
    }

}
