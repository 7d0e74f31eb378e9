import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's custom field data of contact assignments and webhooks (none yet), a webhook's description (blank) and a user's last login (none recorded). */
export class NetBox4TagsFieldsLogins1795752248080 implements MigrationInterface {
    name = 'NetBox4TagsFieldsLogins1795752248080'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "users_user" ADD "last_login" TIMESTAMP WITH TIME ZONE`);
        await queryRunner.query(`ALTER TABLE "tenancy_contactassignment" ADD "custom_field_data" jsonb NOT NULL DEFAULT '{}'`);
        await queryRunner.query(`ALTER TABLE "tenancy_contactassignment" ALTER COLUMN "custom_field_data" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" ADD "description" character varying(200) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" ALTER COLUMN "description" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" ADD "custom_field_data" jsonb NOT NULL DEFAULT '{}'`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" ALTER COLUMN "custom_field_data" DROP DEFAULT`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "extras_webhook" DROP COLUMN "custom_field_data"`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" DROP COLUMN "description"`);
        await queryRunner.query(`ALTER TABLE "tenancy_contactassignment" DROP COLUMN "custom_field_data"`);
        await queryRunner.query(`ALTER TABLE "users_user" DROP COLUMN "last_login"`);
    }

}
