import { MigrationInterface, QueryRunner } from "typeorm";

export class TokensV21795739619179 implements MigrationInterface {
    name = 'TokensV21795739619179'

    public async up(queryRunner: QueryRunner): Promise<void> {
        // The tokens there are v1 tokens, enabled: the defaults fill them in, and go (the app writes every column).
        await queryRunner.query(`ALTER TABLE "users_token" ADD "version" integer NOT NULL DEFAULT 1`);
        await queryRunner.query(`ALTER TABLE "users_token" ALTER COLUMN "version" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "users_token" ADD "enabled" boolean NOT NULL DEFAULT true`);
        await queryRunner.query(`ALTER TABLE "users_token" ALTER COLUMN "enabled" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "users_token" ADD "pepper_id" integer`);
        await queryRunner.query(`ALTER TABLE "users_token" ADD "hmac_digest" character varying(64)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "users_token" DROP COLUMN "hmac_digest"`);
        await queryRunner.query(`ALTER TABLE "users_token" DROP COLUMN "pepper_id"`);
        await queryRunner.query(`ALTER TABLE "users_token" DROP COLUMN "enabled"`);
        await queryRunner.query(`ALTER TABLE "users_token" DROP COLUMN "version"`);
    }

}
