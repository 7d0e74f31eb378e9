import { MigrationInterface, QueryRunner } from "typeorm";

/** 4.1's out-of-band address of a device: one device's at most, nulled when the address goes. */
export class DeviceOobIp1795752486172 implements MigrationInterface {
    name = 'DeviceOobIp1795752486172'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_device" ADD "oob_ip_id" integer`);
        await queryRunner.query(`ALTER TABLE "dcim_device" ADD CONSTRAINT "UQ_27e5922f7a5a5df532b3e7b1c77" UNIQUE ("oob_ip_id")`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_device_oob_ip_id" ON "dcim_device" ("oob_ip_id") `);
        await queryRunner.query(`ALTER TABLE "dcim_device" ADD CONSTRAINT "FK_27e5922f7a5a5df532b3e7b1c77" FOREIGN KEY ("oob_ip_id") REFERENCES "ipam_ipaddress"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_device" DROP CONSTRAINT "FK_27e5922f7a5a5df532b3e7b1c77"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_device_oob_ip_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_device" DROP CONSTRAINT "UQ_27e5922f7a5a5df532b3e7b1c77"`);
        await queryRunner.query(`ALTER TABLE "dcim_device" DROP COLUMN "oob_ip_id"`);
    }

}
