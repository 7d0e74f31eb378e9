import { MigrationInterface, QueryRunner } from "typeorm";

export class UploadedScriptModules1795763891353 implements MigrationInterface {
    name = 'UploadedScriptModules1795763891353'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "extras_scriptmodule" ADD "file_path" character varying(1000)`);
        await queryRunner.query(`ALTER TABLE "extras_scriptmodule" ADD "source" text`);
        await queryRunner.query(`ALTER TABLE "extras_scriptmodule" ADD "created" date`);
        await queryRunner.query(`ALTER TABLE "extras_scriptmodule" ADD "last_updated" TIMESTAMP WITH TIME ZONE`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "extras_scriptmodule" DROP COLUMN "last_updated"`);
        await queryRunner.query(`ALTER TABLE "extras_scriptmodule" DROP COLUMN "created"`);
        await queryRunner.query(`ALTER TABLE "extras_scriptmodule" DROP COLUMN "source"`);
        await queryRunner.query(`ALTER TABLE "extras_scriptmodule" DROP COLUMN "file_path"`);
    }

}
