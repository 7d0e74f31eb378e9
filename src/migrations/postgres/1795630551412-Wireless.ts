import { MigrationInterface, QueryRunner } from "typeorm";

export class Wireless1795630551412 implements MigrationInterface {
    name = 'Wireless1795630551412'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "dcim_interface_wireless_lans" ("interface_id" integer NOT NULL, "wirelesslan_id" integer NOT NULL, CONSTRAINT "PK_376bef23622ca39c44eccd96c79" PRIMARY KEY ("interface_id", "wirelesslan_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_wireless_lans_wirelesslan_id" ON "dcim_interface_wireless_lans" ("wirelesslan_id") `);
        await queryRunner.query(`CREATE TABLE "wireless_wirelesslangroup" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "slug" character varying(100) NOT NULL, "parent_id" integer, "description" character varying(200) NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, "_depth" integer NOT NULL, "tree_path" character varying(255) NOT NULL, "tree_sort" text NOT NULL, CONSTRAINT "UQ_421f86093196ece5005d1270005" UNIQUE ("name"), CONSTRAINT "UQ_8bb7eb37043ad6dc25ba560cb63" UNIQUE ("slug"), CONSTRAINT "PK_8009c827a9d299769d6167f2513" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslangroup_parent_id" ON "wireless_wirelesslangroup" ("parent_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslangroup_tree_path" ON "wireless_wirelesslangroup" ("tree_path") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslangroup_tree_sort" ON "wireless_wirelesslangroup" ("tree_sort") `);
        await queryRunner.query(`CREATE TABLE "wireless_wirelesslan" ("id" SERIAL NOT NULL, "ssid" character varying(32) NOT NULL, "description" character varying(200) NOT NULL, "group_id" integer, "status" character varying(50) NOT NULL, "vlan_id" integer, "tenant_id" integer, "auth_type" character varying(50) NOT NULL, "auth_cipher" character varying(50) NOT NULL, "auth_psk" character varying(64) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_90c0adb2a5eb2e09d38e61e0e98" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslan_group_id" ON "wireless_wirelesslan" ("group_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslan_vlan_id" ON "wireless_wirelesslan" ("vlan_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslan_tenant_id" ON "wireless_wirelesslan" ("tenant_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslan_ssid" ON "wireless_wirelesslan" ("ssid") `);
        await queryRunner.query(`CREATE TABLE "wireless_wirelesslink" ("id" SERIAL NOT NULL, "interface_a_id" integer NOT NULL, "interface_b_id" integer NOT NULL, "ssid" character varying(32) NOT NULL, "status" character varying(50) NOT NULL, "tenant_id" integer, "auth_type" character varying(50) NOT NULL, "auth_cipher" character varying(50) NOT NULL, "auth_psk" character varying(64) NOT NULL, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_15f6855f5b566a8db9c8d300274" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslink_interface_a_id" ON "wireless_wirelesslink" ("interface_a_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslink_interface_b_id" ON "wireless_wirelesslink" ("interface_b_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslink_tenant_id" ON "wireless_wirelesslink" ("tenant_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "wireless_wirelesslink_unique_interfaces" ON "wireless_wirelesslink" ("interface_a_id", "interface_b_id") `);
        await queryRunner.query(`ALTER TABLE "dcim_interface" ADD "wireless_link_id" integer`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_wireless_link_id" ON "dcim_interface" ("wireless_link_id") `);
        await queryRunner.query(`ALTER TABLE "dcim_interface" ADD CONSTRAINT "FK_356ac2712d29174a4a74e9de031" FOREIGN KEY ("wireless_link_id") REFERENCES "wireless_wirelesslink"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_interface_wireless_lans" ADD CONSTRAINT "FK_415e214fd1502695d466918c254" FOREIGN KEY ("interface_id") REFERENCES "dcim_interface"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_interface_wireless_lans" ADD CONSTRAINT "FK_b30192e161ca372d818f9796948" FOREIGN KEY ("wirelesslan_id") REFERENCES "wireless_wirelesslan"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslangroup" ADD CONSTRAINT "FK_884c588280501012676dc0b0bf7" FOREIGN KEY ("parent_id") REFERENCES "wireless_wirelesslangroup"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" ADD CONSTRAINT "FK_131bc81fac37b0385e99196eadd" FOREIGN KEY ("group_id") REFERENCES "wireless_wirelesslangroup"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" ADD CONSTRAINT "FK_56c79635624f2cf173862b81d44" FOREIGN KEY ("vlan_id") REFERENCES "ipam_vlan"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" ADD CONSTRAINT "FK_1badddb65d4656d13a6ad97869e" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslink" ADD CONSTRAINT "FK_07a0d6521c4ffb2140fe907737a" FOREIGN KEY ("interface_a_id") REFERENCES "dcim_interface"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslink" ADD CONSTRAINT "FK_6c8bc32a20d129310d67763e6b1" FOREIGN KEY ("interface_b_id") REFERENCES "dcim_interface"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslink" ADD CONSTRAINT "FK_82becc3c7e63b0ffc8bd293cf49" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslink" DROP CONSTRAINT "FK_82becc3c7e63b0ffc8bd293cf49"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslink" DROP CONSTRAINT "FK_6c8bc32a20d129310d67763e6b1"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslink" DROP CONSTRAINT "FK_07a0d6521c4ffb2140fe907737a"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" DROP CONSTRAINT "FK_1badddb65d4656d13a6ad97869e"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" DROP CONSTRAINT "FK_56c79635624f2cf173862b81d44"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" DROP CONSTRAINT "FK_131bc81fac37b0385e99196eadd"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslangroup" DROP CONSTRAINT "FK_884c588280501012676dc0b0bf7"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface_wireless_lans" DROP CONSTRAINT "FK_b30192e161ca372d818f9796948"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface_wireless_lans" DROP CONSTRAINT "FK_415e214fd1502695d466918c254"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface" DROP CONSTRAINT "FK_356ac2712d29174a4a74e9de031"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_interface_wireless_link_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface" DROP COLUMN "wireless_link_id"`);
        await queryRunner.query(`DROP INDEX "public"."wireless_wirelesslink_unique_interfaces"`);
        await queryRunner.query(`DROP INDEX "public"."idx_wireless_wirelesslink_tenant_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_wireless_wirelesslink_interface_b_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_wireless_wirelesslink_interface_a_id"`);
        await queryRunner.query(`DROP TABLE "wireless_wirelesslink"`);
        await queryRunner.query(`DROP INDEX "public"."idx_wireless_wirelesslan_ssid"`);
        await queryRunner.query(`DROP INDEX "public"."idx_wireless_wirelesslan_tenant_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_wireless_wirelesslan_vlan_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_wireless_wirelesslan_group_id"`);
        await queryRunner.query(`DROP TABLE "wireless_wirelesslan"`);
        await queryRunner.query(`DROP INDEX "public"."idx_wireless_wirelesslangroup_tree_sort"`);
        await queryRunner.query(`DROP INDEX "public"."idx_wireless_wirelesslangroup_tree_path"`);
        await queryRunner.query(`DROP INDEX "public"."idx_wireless_wirelesslangroup_parent_id"`);
        await queryRunner.query(`DROP TABLE "wireless_wirelesslangroup"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_interface_wireless_lans_wirelesslan_id"`);
        await queryRunner.query(`DROP TABLE "dcim_interface_wireless_lans"`);
    }

}
