import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.2's VLAN translation policies and rules, and the policy an interface or VM interface applies. */
export class VlanTranslation1795763426358 implements MigrationInterface {
    name = 'VlanTranslation1795763426358'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "ipam_vlantranslationpolicy" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_0da55a6edbe6345bb1fc46bdea8" UNIQUE ("name"), CONSTRAINT "PK_5a26180abc6d2ef07d79fc0a2c3" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "ipam_vlantranslationrule" ("id" SERIAL NOT NULL, "policy_id" integer NOT NULL, "description" character varying(200) NOT NULL, "local_vid" integer NOT NULL, "remote_vid" integer NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_44b4e4ad779dff9453c9b033f8d" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlantranslationrule_policy_id" ON "ipam_vlantranslationrule" ("policy_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlantranslationrule_unique_policy_local_vid" ON "ipam_vlantranslationrule" ("policy_id", "local_vid") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlantranslationrule_unique_policy_remote_vid" ON "ipam_vlantranslationrule" ("policy_id", "remote_vid") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlantranslationrule_local_vid" ON "ipam_vlantranslationrule" ("local_vid") `);
        await queryRunner.query(`ALTER TABLE "dcim_interface" ADD "vlan_translation_policy_id" integer`);
        await queryRunner.query(`ALTER TABLE "virtualization_vminterface" ADD "vlan_translation_policy_id" integer`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_vlan_translation_policy_id" ON "dcim_interface" ("vlan_translation_policy_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_vminterface_vlan_translation_policy_id" ON "virtualization_vminterface" ("vlan_translation_policy_id") `);
        await queryRunner.query(`ALTER TABLE "dcim_interface" ADD CONSTRAINT "FK_31324edaab45f98d3939137977e" FOREIGN KEY ("vlan_translation_policy_id") REFERENCES "ipam_vlantranslationpolicy"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_vlantranslationrule" ADD CONSTRAINT "FK_7728c3546118c04eb04b6399311" FOREIGN KEY ("policy_id") REFERENCES "ipam_vlantranslationpolicy"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "virtualization_vminterface" ADD CONSTRAINT "FK_4eb0ab2c2cba2ceed7c9ca1e50b" FOREIGN KEY ("vlan_translation_policy_id") REFERENCES "ipam_vlantranslationpolicy"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "virtualization_vminterface" DROP CONSTRAINT "FK_4eb0ab2c2cba2ceed7c9ca1e50b"`);
        await queryRunner.query(`ALTER TABLE "ipam_vlantranslationrule" DROP CONSTRAINT "FK_7728c3546118c04eb04b6399311"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface" DROP CONSTRAINT "FK_31324edaab45f98d3939137977e"`);
        await queryRunner.query(`DROP INDEX "public"."idx_virtualization_vminterface_vlan_translation_policy_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_interface_vlan_translation_policy_id"`);
        await queryRunner.query(`ALTER TABLE "virtualization_vminterface" DROP COLUMN "vlan_translation_policy_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface" DROP COLUMN "vlan_translation_policy_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_vlantranslationrule_local_vid"`);
        await queryRunner.query(`DROP INDEX "public"."ipam_vlantranslationrule_unique_policy_remote_vid"`);
        await queryRunner.query(`DROP INDEX "public"."ipam_vlantranslationrule_unique_policy_local_vid"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_vlantranslationrule_policy_id"`);
        await queryRunner.query(`DROP TABLE "ipam_vlantranslationrule"`);
        await queryRunner.query(`DROP TABLE "ipam_vlantranslationpolicy"`);
    }

}
