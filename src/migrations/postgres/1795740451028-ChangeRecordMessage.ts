import { MigrationInterface, QueryRunner } from "typeorm";

export class ChangeRecordMessage1795740451028 implements MigrationInterface {
    name = 'ChangeRecordMessage1795740451028'

    public async up(queryRunner: QueryRunner): Promise<void> {
        // Records written before had no message: blank, as NetBox's migration leaves them; the default goes (the app writes every column).
        await queryRunner.query(`ALTER TABLE "extras_objectchange" ADD "message" character varying(200) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "extras_objectchange" ALTER COLUMN "message" DROP DEFAULT`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "extras_objectchange" DROP COLUMN "message"`);
    }

}
