import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's plain fields of existing ipam models; existing rows get NetBox's defaults. */
export class NetBox4FieldsIpam1795742681102 implements MigrationInterface {
    name = 'NetBox4FieldsIpam1795742681102'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "ipam_rir" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "ipam_rir" ALTER COLUMN "comments" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "ipam_role" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "ipam_role" ALTER COLUMN "comments" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "ipam_asn" ADD "role_id" integer`);
        await queryRunner.query(`ALTER TABLE "ipam_iprange" ADD "mark_populated" boolean NOT NULL DEFAULT FALSE`);
        await queryRunner.query(`ALTER TABLE "ipam_iprange" ALTER COLUMN "mark_populated" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "ipam_asnrange" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "ipam_asnrange" ALTER COLUMN "comments" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "ipam_l2vpn" ADD "status" character varying(50) NOT NULL DEFAULT 'active'`);
        await queryRunner.query(`ALTER TABLE "ipam_l2vpn" ALTER COLUMN "status" DROP DEFAULT`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_asn_role_id" ON "ipam_asn" ("role_id") `);
        await queryRunner.query(`ALTER TABLE "ipam_asn" ADD CONSTRAINT "FK_f8afcb273dc243167dab238a7ea" FOREIGN KEY ("role_id") REFERENCES "ipam_role"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "ipam_asn" DROP CONSTRAINT "FK_f8afcb273dc243167dab238a7ea"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_asn_role_id"`);
        await queryRunner.query(`ALTER TABLE "ipam_l2vpn" DROP COLUMN "status"`);
        await queryRunner.query(`ALTER TABLE "ipam_asnrange" DROP COLUMN "comments"`);
        await queryRunner.query(`ALTER TABLE "ipam_iprange" DROP COLUMN "mark_populated"`);
        await queryRunner.query(`ALTER TABLE "ipam_asn" DROP COLUMN "role_id"`);
        await queryRunner.query(`ALTER TABLE "ipam_role" DROP COLUMN "comments"`);
        await queryRunner.query(`ALTER TABLE "ipam_rir" DROP COLUMN "comments"`);
    }

}
