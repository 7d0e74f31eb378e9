import { MigrationInterface, QueryRunner } from "typeorm";

export class VlanGroupRanges1795740981514 implements MigrationInterface {
    name = 'VlanGroupRanges1795740981514'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "ipam_vlangroup" ADD "vid_ranges" jsonb`);
        await queryRunner.query(`ALTER TABLE "ipam_vlangroup" ADD "total_vlan_ids" integer`);
        // Each existing group's VIDs become its one range, as NetBox 4.1's migration makes them.
        await queryRunner.query(`UPDATE "ipam_vlangroup" SET "vid_ranges" = jsonb_build_array(jsonb_build_array("min_vid", "max_vid")), "total_vlan_ids" = "max_vid" - "min_vid" + 1`);
        await queryRunner.query(`ALTER TABLE "ipam_vlangroup" ALTER COLUMN "vid_ranges" SET NOT NULL`);
        await queryRunner.query(`ALTER TABLE "ipam_vlangroup" ALTER COLUMN "total_vlan_ids" SET NOT NULL`);
        await queryRunner.query(`ALTER TABLE "ipam_vlangroup" ADD "tenant_id" integer`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlangroup_tenant_id" ON "ipam_vlangroup" ("tenant_id") `);
        await queryRunner.query(`ALTER TABLE "ipam_vlangroup" ADD CONSTRAINT "FK_5a42bd80b930ae3c84f42d973cd" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "ipam_vlangroup" DROP CONSTRAINT "FK_5a42bd80b930ae3c84f42d973cd"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_vlangroup_tenant_id"`);
        await queryRunner.query(`ALTER TABLE "ipam_vlangroup" DROP COLUMN "tenant_id"`);
        await queryRunner.query(`ALTER TABLE "ipam_vlangroup" DROP COLUMN "total_vlan_ids"`);
        await queryRunner.query(`ALTER TABLE "ipam_vlangroup" DROP COLUMN "vid_ranges"`);
    }

}
