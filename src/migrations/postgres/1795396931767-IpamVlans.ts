import { MigrationInterface, QueryRunner } from "typeorm";

export class IpamVlans1795396931767 implements MigrationInterface {
    name = 'IpamVlans1795396931767'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "dcim_interface_tagged_vlans" ("interface_id" integer NOT NULL, "vlan_id" integer NOT NULL, CONSTRAINT "PK_04ec3abce18a35e4bd6af47ca5d" PRIMARY KEY ("interface_id", "vlan_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_tagged_vlans_vlan_id" ON "dcim_interface_tagged_vlans" ("vlan_id") `);
        await queryRunner.query(`CREATE TABLE "ipam_vlangroup" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "slug" character varying(100) NOT NULL, "scope_type" text, "scope_id" integer, "min_vid" integer NOT NULL, "max_vid" integer NOT NULL, "description" character varying(200) NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_6434512c4b40bb7ae343b2f92d4" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlangroup_unique_scope_name" ON "ipam_vlangroup" ("scope_type", "scope_id", "name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlangroup_unique_scope_slug" ON "ipam_vlangroup" ("scope_type", "scope_id", "slug") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlangroup_name" ON "ipam_vlangroup" ("name") `);
        await queryRunner.query(`CREATE TABLE "ipam_vlan" ("id" SERIAL NOT NULL, "site_id" integer, "group_id" integer, "vid" integer NOT NULL, "name" character varying(64) NOT NULL, "tenant_id" integer, "status" integer NOT NULL, "role_id" integer, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_91174de165c8c4a06d1e10f782f" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlan_site_id" ON "ipam_vlan" ("site_id") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlan_group_id" ON "ipam_vlan" ("group_id") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlan_tenant_id" ON "ipam_vlan" ("tenant_id") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlan_role_id" ON "ipam_vlan" ("role_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlan_unique_group_vid" ON "ipam_vlan" ("group_id", "vid") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlan_unique_group_name" ON "ipam_vlan" ("group_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlan_vid" ON "ipam_vlan" ("vid") `);
        await queryRunner.query(`ALTER TABLE "dcim_interface" ADD "untagged_vlan_id" integer`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_untagged_vlan_id" ON "dcim_interface" ("untagged_vlan_id") `);
        await queryRunner.query(`ALTER TABLE "dcim_interface" ADD CONSTRAINT "FK_eb0be9994dc401ca151f9ea1580" FOREIGN KEY ("untagged_vlan_id") REFERENCES "ipam_vlan"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_interface_tagged_vlans" ADD CONSTRAINT "FK_0b45d6a1c48d3a2489944745ed3" FOREIGN KEY ("interface_id") REFERENCES "dcim_interface"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_interface_tagged_vlans" ADD CONSTRAINT "FK_132ba2fb648d76c574180e6356f" FOREIGN KEY ("vlan_id") REFERENCES "ipam_vlan"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_vlan" ADD CONSTRAINT "FK_a0d89afb22391407ec4efb3e20e" FOREIGN KEY ("site_id") REFERENCES "dcim_site"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_vlan" ADD CONSTRAINT "FK_b0f92bed64aacccda191e5fbd98" FOREIGN KEY ("group_id") REFERENCES "ipam_vlangroup"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_vlan" ADD CONSTRAINT "FK_d735d882b10aa4574ab3b5e0d3d" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_vlan" ADD CONSTRAINT "FK_6f4e42820696825bb29a2cb4e85" FOREIGN KEY ("role_id") REFERENCES "ipam_role"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "ipam_vlan" DROP CONSTRAINT "FK_6f4e42820696825bb29a2cb4e85"`);
        await queryRunner.query(`ALTER TABLE "ipam_vlan" DROP CONSTRAINT "FK_d735d882b10aa4574ab3b5e0d3d"`);
        await queryRunner.query(`ALTER TABLE "ipam_vlan" DROP CONSTRAINT "FK_b0f92bed64aacccda191e5fbd98"`);
        await queryRunner.query(`ALTER TABLE "ipam_vlan" DROP CONSTRAINT "FK_a0d89afb22391407ec4efb3e20e"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface_tagged_vlans" DROP CONSTRAINT "FK_132ba2fb648d76c574180e6356f"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface_tagged_vlans" DROP CONSTRAINT "FK_0b45d6a1c48d3a2489944745ed3"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface" DROP CONSTRAINT "FK_eb0be9994dc401ca151f9ea1580"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_interface_untagged_vlan_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface" DROP COLUMN "untagged_vlan_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_vlan_vid"`);
        await queryRunner.query(`DROP INDEX "public"."ipam_vlan_unique_group_name"`);
        await queryRunner.query(`DROP INDEX "public"."ipam_vlan_unique_group_vid"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_vlan_role_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_vlan_tenant_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_vlan_group_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_vlan_site_id"`);
        await queryRunner.query(`DROP TABLE "ipam_vlan"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_vlangroup_name"`);
        await queryRunner.query(`DROP INDEX "public"."ipam_vlangroup_unique_scope_slug"`);
        await queryRunner.query(`DROP INDEX "public"."ipam_vlangroup_unique_scope_name"`);
        await queryRunner.query(`DROP TABLE "ipam_vlangroup"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_interface_tagged_vlans_vlan_id"`);
        await queryRunner.query(`DROP TABLE "dcim_interface_tagged_vlans"`);
    }

}
