import { MigrationInterface, QueryRunner } from "typeorm";

export class ImageAttachments1795632312035 implements MigrationInterface {
    name = 'ImageAttachments1795632312035'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "extras_imageattachment" ("id" SERIAL NOT NULL, "content_type" text NOT NULL, "object_id" integer NOT NULL, "name" character varying(50) NOT NULL, "image" character varying(100) NOT NULL, "image_height" integer NOT NULL, "image_width" integer NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_98ec1af4789d5fdcab87bead368" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_imageattachment_content_type_object_id" ON "extras_imageattachment" ("content_type", "object_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_imageattachment_name" ON "extras_imageattachment" ("name") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."idx_extras_imageattachment_name"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_imageattachment_content_type_object_id"`);
        await queryRunner.query(`DROP TABLE "extras_imageattachment"`);
    }

}
