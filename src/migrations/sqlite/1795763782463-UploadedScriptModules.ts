import { MigrationInterface, QueryRunner } from "typeorm";

export class UploadedScriptModules1795763782463 implements MigrationInterface {
    name = 'UploadedScriptModules1795763782463'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "temporary_extras_scriptmodule" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "file_path" varchar(1000), "source" text, "created" date, "last_updated" datetime, CONSTRAINT "UQ_5da048c82caae5b8195c5e263e2" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "temporary_extras_scriptmodule"("id", "name") SELECT "id", "name" FROM "extras_scriptmodule"`);
        await queryRunner.query(`DROP TABLE "extras_scriptmodule"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_scriptmodule" RENAME TO "extras_scriptmodule"`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "extras_scriptmodule" RENAME TO "temporary_extras_scriptmodule"`);
        await queryRunner.query(`CREATE TABLE "extras_scriptmodule" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, CONSTRAINT "UQ_5da048c82caae5b8195c5e263e2" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "extras_scriptmodule"("id", "name") SELECT "id", "name" FROM "temporary_extras_scriptmodule"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_scriptmodule"`);
    }

}
