import { MigrationInterface, QueryRunner } from "typeorm";

export class CustomLinks1795630366244 implements MigrationInterface {
    name = 'CustomLinks1795630366244'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "extras_customlink" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "content_types" text NOT NULL, "name" varchar(100) NOT NULL, "enabled" boolean NOT NULL, "link_text" text NOT NULL, "link_url" text NOT NULL, "weight" integer NOT NULL, "group_name" varchar(50) NOT NULL, "button_class" varchar(50) NOT NULL, "new_window" boolean NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_833df0a836c475054c333eebf03" UNIQUE ("name"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_customlink_group_name" ON "extras_customlink" ("group_name") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_customlink_weight" ON "extras_customlink" ("weight") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_extras_customlink_weight"`);
        await queryRunner.query(`DROP INDEX "idx_extras_customlink_group_name"`);
        await queryRunner.query(`DROP TABLE "extras_customlink"`);
    }

}
