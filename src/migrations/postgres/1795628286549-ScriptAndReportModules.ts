import { MigrationInterface, QueryRunner } from "typeorm";

export class ScriptAndReportModules1795628286549 implements MigrationInterface {
    name = 'ScriptAndReportModules1795628286549'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "extras_scriptmodule" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, CONSTRAINT "UQ_5da048c82caae5b8195c5e263e2" UNIQUE ("name"), CONSTRAINT "PK_0df1d845b83147dadee27f2f4ae" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "extras_reportmodule" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, CONSTRAINT "UQ_b8d8f1c0eb1cea793e5c081e6fb" UNIQUE ("name"), CONSTRAINT "PK_f9e42a1e8c6ce7acf60df8f9f2d" PRIMARY KEY ("id"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "extras_reportmodule"`);
        await queryRunner.query(`DROP TABLE "extras_scriptmodule"`);
    }

}
