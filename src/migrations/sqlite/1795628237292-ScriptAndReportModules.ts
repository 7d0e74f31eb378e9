import { MigrationInterface, QueryRunner } from "typeorm";

export class ScriptAndReportModules1795628237292 implements MigrationInterface {
    name = 'ScriptAndReportModules1795628237292'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "extras_scriptmodule" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, CONSTRAINT "UQ_5da048c82caae5b8195c5e263e2" UNIQUE ("name"))`);
        await queryRunner.query(`CREATE TABLE "extras_reportmodule" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, CONSTRAINT "UQ_b8d8f1c0eb1cea793e5c081e6fb" UNIQUE ("name"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "extras_reportmodule"`);
        await queryRunner.query(`DROP TABLE "extras_scriptmodule"`);
    }

}
