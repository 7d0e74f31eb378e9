import { MigrationInterface, QueryRunner } from "typeorm";

export class IpamRoutingModels1795396702355 implements MigrationInterface {
    name = 'IpamRoutingModels1795396702355'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "dcim_site_asns" ("site_id" integer NOT NULL, "asn_id" integer NOT NULL, CONSTRAINT "PK_fa3707fbbc97ddec265ef78b157" PRIMARY KEY ("site_id", "asn_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_site_asns_asn_id" ON "dcim_site_asns" ("asn_id") `);
        await queryRunner.query(`CREATE TABLE "ipam_rir" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "slug" character varying(100) NOT NULL, "is_private" boolean NOT NULL, "description" character varying(200) NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_2db76ddd285d9e4fe7fa35e34db" UNIQUE ("name"), CONSTRAINT "UQ_4a05a75300614d5f92860236624" UNIQUE ("slug"), CONSTRAINT "PK_a5b28b0689976969602e387479e" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "ipam_role" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "slug" character varying(100) NOT NULL, "weight" integer NOT NULL, "description" character varying(200) NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_9e0eaa624ee58e1779655c347a2" UNIQUE ("name"), CONSTRAINT "UQ_38fff1ea0a2abc5440163ab9851" UNIQUE ("slug"), CONSTRAINT "PK_feaee47e262459048a37dbd9d22" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_role_weight" ON "ipam_role" ("weight") `);
        await queryRunner.query(`CREATE TABLE "ipam_routetarget" ("id" SERIAL NOT NULL, "name" character varying(21) NOT NULL, "tenant_id" integer, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_3bce63392fc4d7e0e734838ffa9" UNIQUE ("name"), CONSTRAINT "PK_609ccf61b50329ec240ede84fd3" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_routetarget_tenant_id" ON "ipam_routetarget" ("tenant_id") `);
        await queryRunner.query(`CREATE TABLE "ipam_vrf" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "rd" character varying(21), "tenant_id" integer, "enforce_unique" boolean NOT NULL, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_f14e336eeb25fddc44415f9ae33" UNIQUE ("rd"), CONSTRAINT "PK_bbd6662663284dea4325c614f22" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vrf_tenant_id" ON "ipam_vrf" ("tenant_id") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vrf_name" ON "ipam_vrf" ("name") `);
        await queryRunner.query(`CREATE TABLE "ipam_vrf_import_targets" ("vrf_id" integer NOT NULL, "routetarget_id" integer NOT NULL, CONSTRAINT "PK_8520b77acf2b37682554ada95d5" PRIMARY KEY ("vrf_id", "routetarget_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vrf_import_targets_routetarget_id" ON "ipam_vrf_import_targets" ("routetarget_id") `);
        await queryRunner.query(`CREATE TABLE "ipam_vrf_export_targets" ("vrf_id" integer NOT NULL, "routetarget_id" integer NOT NULL, CONSTRAINT "PK_85b6ee3d446b9fbd5af4053ec1d" PRIMARY KEY ("vrf_id", "routetarget_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vrf_export_targets_routetarget_id" ON "ipam_vrf_export_targets" ("routetarget_id") `);
        await queryRunner.query(`CREATE TABLE "ipam_asn" ("id" SERIAL NOT NULL, "asn" bigint NOT NULL, "rir_id" integer NOT NULL, "tenant_id" integer, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_8cee8cd0751599b269686a8d644" UNIQUE ("asn"), CONSTRAINT "PK_24738396b18983651e41dbf6806" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_asn_rir_id" ON "ipam_asn" ("rir_id") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_asn_tenant_id" ON "ipam_asn" ("tenant_id") `);
        await queryRunner.query(`ALTER TABLE "dcim_interface" ADD "vrf_id" integer`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_vrf_id" ON "dcim_interface" ("vrf_id") `);
        await queryRunner.query(`ALTER TABLE "dcim_site_asns" ADD CONSTRAINT "FK_2ed2aa24053880075a3db87443e" FOREIGN KEY ("site_id") REFERENCES "dcim_site"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_site_asns" ADD CONSTRAINT "FK_7fd293d0441fac5245464057490" FOREIGN KEY ("asn_id") REFERENCES "ipam_asn"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_interface" ADD CONSTRAINT "FK_220a0f25c8f04fd4c0add811b9a" FOREIGN KEY ("vrf_id") REFERENCES "ipam_vrf"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_routetarget" ADD CONSTRAINT "FK_258efd60f121252a80a2e8e1878" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_vrf" ADD CONSTRAINT "FK_497b04936a5e79f64143d2e840b" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_vrf_import_targets" ADD CONSTRAINT "FK_e4cf9286d4cc62785985abdef29" FOREIGN KEY ("vrf_id") REFERENCES "ipam_vrf"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_vrf_import_targets" ADD CONSTRAINT "FK_4878e7c68695257df9f30c422ff" FOREIGN KEY ("routetarget_id") REFERENCES "ipam_routetarget"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_vrf_export_targets" ADD CONSTRAINT "FK_b45c95c6540fd8867e402c00cc9" FOREIGN KEY ("vrf_id") REFERENCES "ipam_vrf"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_vrf_export_targets" ADD CONSTRAINT "FK_e3649cf6550525e5df5b1bf91f2" FOREIGN KEY ("routetarget_id") REFERENCES "ipam_routetarget"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_asn" ADD CONSTRAINT "FK_8e01c902c10b8ddd63053436384" FOREIGN KEY ("rir_id") REFERENCES "ipam_rir"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_asn" ADD CONSTRAINT "FK_2019c49882e686e76ee8192e41b" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "ipam_asn" DROP CONSTRAINT "FK_2019c49882e686e76ee8192e41b"`);
        await queryRunner.query(`ALTER TABLE "ipam_asn" DROP CONSTRAINT "FK_8e01c902c10b8ddd63053436384"`);
        await queryRunner.query(`ALTER TABLE "ipam_vrf_export_targets" DROP CONSTRAINT "FK_e3649cf6550525e5df5b1bf91f2"`);
        await queryRunner.query(`ALTER TABLE "ipam_vrf_export_targets" DROP CONSTRAINT "FK_b45c95c6540fd8867e402c00cc9"`);
        await queryRunner.query(`ALTER TABLE "ipam_vrf_import_targets" DROP CONSTRAINT "FK_4878e7c68695257df9f30c422ff"`);
        await queryRunner.query(`ALTER TABLE "ipam_vrf_import_targets" DROP CONSTRAINT "FK_e4cf9286d4cc62785985abdef29"`);
        await queryRunner.query(`ALTER TABLE "ipam_vrf" DROP CONSTRAINT "FK_497b04936a5e79f64143d2e840b"`);
        await queryRunner.query(`ALTER TABLE "ipam_routetarget" DROP CONSTRAINT "FK_258efd60f121252a80a2e8e1878"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface" DROP CONSTRAINT "FK_220a0f25c8f04fd4c0add811b9a"`);
        await queryRunner.query(`ALTER TABLE "dcim_site_asns" DROP CONSTRAINT "FK_7fd293d0441fac5245464057490"`);
        await queryRunner.query(`ALTER TABLE "dcim_site_asns" DROP CONSTRAINT "FK_2ed2aa24053880075a3db87443e"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_interface_vrf_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface" DROP COLUMN "vrf_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_asn_tenant_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_asn_rir_id"`);
        await queryRunner.query(`DROP TABLE "ipam_asn"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_vrf_export_targets_routetarget_id"`);
        await queryRunner.query(`DROP TABLE "ipam_vrf_export_targets"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_vrf_import_targets_routetarget_id"`);
        await queryRunner.query(`DROP TABLE "ipam_vrf_import_targets"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_vrf_name"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_vrf_tenant_id"`);
        await queryRunner.query(`DROP TABLE "ipam_vrf"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_routetarget_tenant_id"`);
        await queryRunner.query(`DROP TABLE "ipam_routetarget"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_role_weight"`);
        await queryRunner.query(`DROP TABLE "ipam_role"`);
        await queryRunner.query(`DROP TABLE "ipam_rir"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_site_asns_asn_id"`);
        await queryRunner.query(`DROP TABLE "dcim_site_asns"`);
    }

}
