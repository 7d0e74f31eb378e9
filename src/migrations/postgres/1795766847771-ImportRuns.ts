import { MigrationInterface, QueryRunner } from "typeorm";

export class ImportRuns1795766847771 implements MigrationInterface {
    name = 'ImportRuns1795766847771'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "core_importrun" ("id" SERIAL NOT NULL, "source" character varying(500) NOT NULL, "schema" character varying(200) NOT NULL, "started" TIMESTAMP WITH TIME ZONE NOT NULL, "finished" TIMESTAMP WITH TIME ZONE, "merge" boolean NOT NULL, "report" jsonb NOT NULL, CONSTRAINT "PK_c3c820f1d08296e23729ac8e304" PRIMARY KEY ("id"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "core_importrun"`);
    }

}
