import { MigrationInterface, QueryRunner } from "typeorm";

export class ChangeRecordMessage1795740422162 implements MigrationInterface {
    name = 'ChangeRecordMessage1795740422162'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_extras_objectchange_changed_object_type_changed_object_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_objectchange_request_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_objectchange_user_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_objectchange_time"`);
        await queryRunner.query(`CREATE TABLE "temporary_extras_objectchange" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "time" datetime NOT NULL, "user_id" integer, "user_name" varchar(150) NOT NULL, "request_id" varchar(36) NOT NULL, "action" varchar(50) NOT NULL, "changed_object_type" varchar(100) NOT NULL, "changed_object_id" integer NOT NULL, "related_object_type" varchar(100), "related_object_id" integer, "object_repr" varchar(200) NOT NULL, "prechange_data" text, "postchange_data" text, "message" varchar(200) NOT NULL, CONSTRAINT "FK_942b26585854dab5089b27b58c0" FOREIGN KEY ("user_id") REFERENCES "users_user" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
        // Records written before had no message: blank, as NetBox's migration leaves them.
        await queryRunner.query(`INSERT INTO "temporary_extras_objectchange"("id", "time", "user_id", "user_name", "request_id", "action", "changed_object_type", "changed_object_id", "related_object_type", "related_object_id", "object_repr", "prechange_data", "postchange_data", "message") SELECT "id", "time", "user_id", "user_name", "request_id", "action", "changed_object_type", "changed_object_id", "related_object_type", "related_object_id", "object_repr", "prechange_data", "postchange_data", '' FROM "extras_objectchange"`);
        await queryRunner.query(`DROP TABLE "extras_objectchange"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_objectchange" RENAME TO "extras_objectchange"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_objectchange_changed_object_type_changed_object_id" ON "extras_objectchange" ("changed_object_type", "changed_object_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_objectchange_request_id" ON "extras_objectchange" ("request_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_objectchange_user_id" ON "extras_objectchange" ("user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_objectchange_time" ON "extras_objectchange" ("time") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_extras_objectchange_time"`);
        await queryRunner.query(`DROP INDEX "idx_extras_objectchange_user_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_objectchange_request_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_objectchange_changed_object_type_changed_object_id"`);
        await queryRunner.query(`ALTER TABLE "extras_objectchange" RENAME TO "temporary_extras_objectchange"`);
        await queryRunner.query(`CREATE TABLE "extras_objectchange" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "time" datetime NOT NULL, "user_id" integer, "user_name" varchar(150) NOT NULL, "request_id" varchar(36) NOT NULL, "action" varchar(50) NOT NULL, "changed_object_type" varchar(100) NOT NULL, "changed_object_id" integer NOT NULL, "related_object_type" varchar(100), "related_object_id" integer, "object_repr" varchar(200) NOT NULL, "prechange_data" text, "postchange_data" text, CONSTRAINT "FK_942b26585854dab5089b27b58c0" FOREIGN KEY ("user_id") REFERENCES "users_user" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "extras_objectchange"("id", "time", "user_id", "user_name", "request_id", "action", "changed_object_type", "changed_object_id", "related_object_type", "related_object_id", "object_repr", "prechange_data", "postchange_data") SELECT "id", "time", "user_id", "user_name", "request_id", "action", "changed_object_type", "changed_object_id", "related_object_type", "related_object_id", "object_repr", "prechange_data", "postchange_data" FROM "temporary_extras_objectchange"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_objectchange"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_objectchange_time" ON "extras_objectchange" ("time") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_objectchange_user_id" ON "extras_objectchange" ("user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_objectchange_request_id" ON "extras_objectchange" ("request_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_objectchange_changed_object_type_changed_object_id" ON "extras_objectchange" ("changed_object_type", "changed_object_id") `);
    }

}
