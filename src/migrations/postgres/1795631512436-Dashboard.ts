import { MigrationInterface, QueryRunner } from "typeorm";

export class Dashboard1795631512436 implements MigrationInterface {
    name = 'Dashboard1795631512436'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "extras_dashboard" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "layout" jsonb NOT NULL, "config" jsonb NOT NULL, CONSTRAINT "UQ_2a2b9b3723d1bae7d269bf8ac88" UNIQUE ("user_id"), CONSTRAINT "PK_98b03fddcbef735f31c2e1f8485" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_dashboard_user_id" ON "extras_dashboard" ("user_id") `);
        await queryRunner.query(`ALTER TABLE "extras_dashboard" ADD CONSTRAINT "FK_2a2b9b3723d1bae7d269bf8ac88" FOREIGN KEY ("user_id") REFERENCES "users_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "extras_dashboard" DROP CONSTRAINT "FK_2a2b9b3723d1bae7d269bf8ac88"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_dashboard_user_id"`);
        await queryRunner.query(`DROP TABLE "extras_dashboard"`);
    }

}
