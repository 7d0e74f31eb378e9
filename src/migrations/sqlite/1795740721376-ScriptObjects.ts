import { MigrationInterface, QueryRunner } from "typeorm";

export class ScriptObjects1795740721376 implements MigrationInterface {
    name = 'ScriptObjects1795740721376'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "extras_script" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "module_id" integer NOT NULL, "name" varchar(79) NOT NULL, "is_executable" boolean NOT NULL)`);
        await queryRunner.query(`CREATE INDEX "idx_extras_script_module_id" ON "extras_script" ("module_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "extras_script_unique_name_module" ON "extras_script" ("name", "module_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_script_name" ON "extras_script" ("name") `);
        await queryRunner.query(`DROP INDEX "idx_extras_script_module_id"`);
        await queryRunner.query(`DROP INDEX "extras_script_unique_name_module"`);
        await queryRunner.query(`DROP INDEX "idx_extras_script_name"`);
        await queryRunner.query(`CREATE TABLE "temporary_extras_script" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "module_id" integer NOT NULL, "name" varchar(79) NOT NULL, "is_executable" boolean NOT NULL, CONSTRAINT "FK_73b0dbae6efb42cf65acf76cf2a" FOREIGN KEY ("module_id") REFERENCES "extras_scriptmodule" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_extras_script"("id", "module_id", "name", "is_executable") SELECT "id", "module_id", "name", "is_executable" FROM "extras_script"`);
        await queryRunner.query(`DROP TABLE "extras_script"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_script" RENAME TO "extras_script"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_script_module_id" ON "extras_script" ("module_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "extras_script_unique_name_module" ON "extras_script" ("name", "module_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_script_name" ON "extras_script" ("name") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_extras_script_name"`);
        await queryRunner.query(`DROP INDEX "extras_script_unique_name_module"`);
        await queryRunner.query(`DROP INDEX "idx_extras_script_module_id"`);
        await queryRunner.query(`ALTER TABLE "extras_script" RENAME TO "temporary_extras_script"`);
        await queryRunner.query(`CREATE TABLE "extras_script" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "module_id" integer NOT NULL, "name" varchar(79) NOT NULL, "is_executable" boolean NOT NULL)`);
        await queryRunner.query(`INSERT INTO "extras_script"("id", "module_id", "name", "is_executable") SELECT "id", "module_id", "name", "is_executable" FROM "temporary_extras_script"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_script"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_script_name" ON "extras_script" ("name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "extras_script_unique_name_module" ON "extras_script" ("name", "module_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_script_module_id" ON "extras_script" ("module_id") `);
        await queryRunner.query(`DROP INDEX "idx_extras_script_name"`);
        await queryRunner.query(`DROP INDEX "extras_script_unique_name_module"`);
        await queryRunner.query(`DROP INDEX "idx_extras_script_module_id"`);
        await queryRunner.query(`DROP TABLE "extras_script"`);
    }

}
