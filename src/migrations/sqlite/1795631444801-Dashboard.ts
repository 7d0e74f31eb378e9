import { MigrationInterface, QueryRunner } from "typeorm";

export class Dashboard1795631444801 implements MigrationInterface {
    name = 'Dashboard1795631444801'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "extras_dashboard" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "layout" text NOT NULL, "config" text NOT NULL, CONSTRAINT "UQ_2a2b9b3723d1bae7d269bf8ac88" UNIQUE ("user_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_dashboard_user_id" ON "extras_dashboard" ("user_id") `);
        await queryRunner.query(`DROP INDEX "idx_extras_dashboard_user_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_extras_dashboard" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "layout" text NOT NULL, "config" text NOT NULL, CONSTRAINT "UQ_2a2b9b3723d1bae7d269bf8ac88" UNIQUE ("user_id"), CONSTRAINT "FK_2a2b9b3723d1bae7d269bf8ac88" FOREIGN KEY ("user_id") REFERENCES "users_user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_extras_dashboard"("id", "user_id", "layout", "config") SELECT "id", "user_id", "layout", "config" FROM "extras_dashboard"`);
        await queryRunner.query(`DROP TABLE "extras_dashboard"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_dashboard" RENAME TO "extras_dashboard"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_dashboard_user_id" ON "extras_dashboard" ("user_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_extras_dashboard_user_id"`);
        await queryRunner.query(`ALTER TABLE "extras_dashboard" RENAME TO "temporary_extras_dashboard"`);
        await queryRunner.query(`CREATE TABLE "extras_dashboard" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "layout" text NOT NULL, "config" text NOT NULL, CONSTRAINT "UQ_2a2b9b3723d1bae7d269bf8ac88" UNIQUE ("user_id"))`);
        await queryRunner.query(`INSERT INTO "extras_dashboard"("id", "user_id", "layout", "config") SELECT "id", "user_id", "layout", "config" FROM "temporary_extras_dashboard"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_dashboard"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_dashboard_user_id" ON "extras_dashboard" ("user_id") `);
        await queryRunner.query(`DROP INDEX "idx_extras_dashboard_user_id"`);
        await queryRunner.query(`DROP TABLE "extras_dashboard"`);
    }

}
