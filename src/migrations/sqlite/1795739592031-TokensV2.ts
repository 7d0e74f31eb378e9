import { MigrationInterface, QueryRunner } from "typeorm";

export class TokensV21795739592031 implements MigrationInterface {
    name = 'TokensV21795739592031'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_users_token_user_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_users_token" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "created" datetime NOT NULL, "expires" datetime, "last_used" datetime, "key" varchar(40) NOT NULL, "write_enabled" boolean NOT NULL, "description" varchar(200) NOT NULL, "allowed_ips" text NOT NULL, "last_updated" datetime, "version" integer NOT NULL, "enabled" boolean NOT NULL, "pepper_id" integer, "hmac_digest" varchar(64), CONSTRAINT "UQ_3cc8e295044c9c9410c3a86dffb" UNIQUE ("key"), CONSTRAINT "FK_8210de8425b46ee73aab1415570" FOREIGN KEY ("user_id") REFERENCES "users_user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        // The tokens there are v1 tokens, enabled.
        await queryRunner.query(`INSERT INTO "temporary_users_token"("id", "user_id", "created", "expires", "last_used", "key", "write_enabled", "description", "allowed_ips", "last_updated", "version", "enabled") SELECT "id", "user_id", "created", "expires", "last_used", "key", "write_enabled", "description", "allowed_ips", "last_updated", 1, 1 FROM "users_token"`);
        await queryRunner.query(`DROP TABLE "users_token"`);
        await queryRunner.query(`ALTER TABLE "temporary_users_token" RENAME TO "users_token"`);
        await queryRunner.query(`CREATE INDEX "idx_users_token_user_id" ON "users_token" ("user_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_users_token_user_id"`);
        await queryRunner.query(`ALTER TABLE "users_token" RENAME TO "temporary_users_token"`);
        await queryRunner.query(`CREATE TABLE "users_token" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "created" datetime NOT NULL, "expires" datetime, "last_used" datetime, "key" varchar(40) NOT NULL, "write_enabled" boolean NOT NULL, "description" varchar(200) NOT NULL, "allowed_ips" text NOT NULL, "last_updated" datetime, CONSTRAINT "UQ_3cc8e295044c9c9410c3a86dffb" UNIQUE ("key"), CONSTRAINT "FK_8210de8425b46ee73aab1415570" FOREIGN KEY ("user_id") REFERENCES "users_user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "users_token"("id", "user_id", "created", "expires", "last_used", "key", "write_enabled", "description", "allowed_ips", "last_updated") SELECT "id", "user_id", "created", "expires", "last_used", "key", "write_enabled", "description", "allowed_ips", "last_updated" FROM "temporary_users_token"`);
        await queryRunner.query(`DROP TABLE "temporary_users_token"`);
        await queryRunner.query(`CREATE INDEX "idx_users_token_user_id" ON "users_token" ("user_id") `);
    }

}
