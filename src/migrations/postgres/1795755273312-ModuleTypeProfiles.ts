import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.3's module type profiles, and a module type's profile and attributes. */
export class ModuleTypeProfiles1795755273312 implements MigrationInterface {
    name = 'ModuleTypeProfiles1795755273312'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "dcim_moduletypeprofile" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "description" character varying(200) NOT NULL, "schema" jsonb, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_35553538f4157b35545f3ec4e8d" UNIQUE ("name"), CONSTRAINT "PK_274891eaa408f69ca8130fdfd6b" PRIMARY KEY ("id"))`);
        await queryRunner.query(`ALTER TABLE "dcim_moduletype" ADD "profile_id" integer`);
        await queryRunner.query(`ALTER TABLE "dcim_moduletype" ADD "attributes" jsonb`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_moduletype_profile_id" ON "dcim_moduletype" ("profile_id") `);
        await queryRunner.query(`ALTER TABLE "dcim_moduletype" ADD CONSTRAINT "FK_9885a305f973e19a54f06b3f2f9" FOREIGN KEY ("profile_id") REFERENCES "dcim_moduletypeprofile"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_moduletype" DROP CONSTRAINT "FK_9885a305f973e19a54f06b3f2f9"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_moduletype_profile_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_moduletype" DROP COLUMN "attributes"`);
        await queryRunner.query(`ALTER TABLE "dcim_moduletype" DROP COLUMN "profile_id"`);
        await queryRunner.query(`DROP TABLE "dcim_moduletypeprofile"`);
    }

}
