import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's plain fields of existing circuits models; existing rows get NetBox's defaults. */
export class NetBox4FieldsCircuits1795742681103 implements MigrationInterface {
    name = 'NetBox4FieldsCircuits1795742681103'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "circuits_circuittype" ADD "color" character varying(6) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittype" ALTER COLUMN "color" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "circuits_circuit" ADD "distance" numeric(8,2)`);
        await queryRunner.query(`ALTER TABLE "circuits_circuit" ADD "distance_unit" character varying(50)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "circuits_circuit" DROP COLUMN "distance_unit"`);
        await queryRunner.query(`ALTER TABLE "circuits_circuit" DROP COLUMN "distance"`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittype" DROP COLUMN "color"`);
    }

}
