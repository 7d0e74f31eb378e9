import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.2's Q-in-Q: a VLAN's role and service VLAN, an interface's service VLAN (a device's or a virtual machine's); nothing existing has either. */
export class QinQ1795751874886 implements MigrationInterface {
    name = 'QinQ1795751874886'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_interface" ADD "qinq_svlan_id" integer`);
        await queryRunner.query(`ALTER TABLE "ipam_vlan" ADD "qinq_role" character varying(50)`);
        await queryRunner.query(`ALTER TABLE "ipam_vlan" ADD "qinq_svlan_id" integer`);
        await queryRunner.query(`ALTER TABLE "virtualization_vminterface" ADD "qinq_svlan_id" integer`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_qinq_svlan_id" ON "dcim_interface" ("qinq_svlan_id") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlan_qinq_svlan_id" ON "ipam_vlan" ("qinq_svlan_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlan_unique_qinq_svlan_vid" ON "ipam_vlan" ("qinq_svlan_id", "vid") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlan_unique_qinq_svlan_name" ON "ipam_vlan" ("qinq_svlan_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_vminterface_qinq_svlan_id" ON "virtualization_vminterface" ("qinq_svlan_id") `);
        await queryRunner.query(`ALTER TABLE "dcim_interface" ADD CONSTRAINT "FK_88ffa20dc94f87546d7f2f3baf7" FOREIGN KEY ("qinq_svlan_id") REFERENCES "ipam_vlan"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_vlan" ADD CONSTRAINT "FK_f178c806311dda5621f4c1f9578" FOREIGN KEY ("qinq_svlan_id") REFERENCES "ipam_vlan"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "virtualization_vminterface" ADD CONSTRAINT "FK_3588c44fefb942bb992626914bd" FOREIGN KEY ("qinq_svlan_id") REFERENCES "ipam_vlan"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "virtualization_vminterface" DROP CONSTRAINT "FK_3588c44fefb942bb992626914bd"`);
        await queryRunner.query(`ALTER TABLE "ipam_vlan" DROP CONSTRAINT "FK_f178c806311dda5621f4c1f9578"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface" DROP CONSTRAINT "FK_88ffa20dc94f87546d7f2f3baf7"`);
        await queryRunner.query(`DROP INDEX "public"."idx_virtualization_vminterface_qinq_svlan_id"`);
        await queryRunner.query(`DROP INDEX "public"."ipam_vlan_unique_qinq_svlan_name"`);
        await queryRunner.query(`DROP INDEX "public"."ipam_vlan_unique_qinq_svlan_vid"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_vlan_qinq_svlan_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_interface_qinq_svlan_id"`);
        await queryRunner.query(`ALTER TABLE "virtualization_vminterface" DROP COLUMN "qinq_svlan_id"`);
        await queryRunner.query(`ALTER TABLE "ipam_vlan" DROP COLUMN "qinq_svlan_id"`);
        await queryRunner.query(`ALTER TABLE "ipam_vlan" DROP COLUMN "qinq_role"`);
        await queryRunner.query(`ALTER TABLE "dcim_interface" DROP COLUMN "qinq_svlan_id"`);
    }

}
