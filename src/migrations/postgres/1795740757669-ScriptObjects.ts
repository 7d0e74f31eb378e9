import { MigrationInterface, QueryRunner } from "typeorm";

export class ScriptObjects1795740757669 implements MigrationInterface {
    name = 'ScriptObjects1795740757669'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "extras_script" ("id" SERIAL NOT NULL, "module_id" integer NOT NULL, "name" character varying(79) NOT NULL, "is_executable" boolean NOT NULL, CONSTRAINT "PK_9c1abb41db0ee128282e19d5c29" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_script_module_id" ON "extras_script" ("module_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "extras_script_unique_name_module" ON "extras_script" ("name", "module_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_script_name" ON "extras_script" ("name") `);
        await queryRunner.query(`ALTER TABLE "extras_script" ADD CONSTRAINT "FK_73b0dbae6efb42cf65acf76cf2a" FOREIGN KEY ("module_id") REFERENCES "extras_scriptmodule"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "extras_script" DROP CONSTRAINT "FK_73b0dbae6efb42cf65acf76cf2a"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_script_name"`);
        await queryRunner.query(`DROP INDEX "public"."extras_script_unique_name_module"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_script_module_id"`);
        await queryRunner.query(`DROP TABLE "extras_script"`);
    }

}
