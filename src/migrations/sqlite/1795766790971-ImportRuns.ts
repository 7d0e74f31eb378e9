import { MigrationInterface, QueryRunner } from "typeorm";

export class ImportRuns1795766790971 implements MigrationInterface {
    name = 'ImportRuns1795766790971'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "core_importrun" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "source" varchar(500) NOT NULL, "schema" varchar(200) NOT NULL, "started" datetime NOT NULL, "finished" datetime, "merge" boolean NOT NULL, "report" text NOT NULL)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "core_importrun"`);
    }

}
