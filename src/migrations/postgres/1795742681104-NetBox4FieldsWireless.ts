import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's plain fields of existing wireless models; existing rows get NetBox's defaults. */
export class NetBox4FieldsWireless1795742681104 implements MigrationInterface {
    name = 'NetBox4FieldsWireless1795742681104'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslink" ADD "distance" numeric(8,2)`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslink" ADD "distance_unit" character varying(50)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslink" DROP COLUMN "distance_unit"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslink" DROP COLUMN "distance"`);
    }

}
