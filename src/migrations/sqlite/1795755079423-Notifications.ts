import { MigrationInterface, QueryRunner } from "typeorm";

export class Notifications1795755079423 implements MigrationInterface {
    name = 'Notifications1795755079423'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "extras_notificationgroup" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_83918b7b264354d9a8242b6f076" UNIQUE ("name"))`);
        await queryRunner.query(`CREATE TABLE "extras_notificationgroup_groups" ("notificationgroup_id" integer NOT NULL, "group_id" integer NOT NULL, PRIMARY KEY ("notificationgroup_id", "group_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_notificationgroup_groups_group_id" ON "extras_notificationgroup_groups" ("group_id") `);
        await queryRunner.query(`CREATE TABLE "extras_notificationgroup_users" ("notificationgroup_id" integer NOT NULL, "user_id" integer NOT NULL, PRIMARY KEY ("notificationgroup_id", "user_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_notificationgroup_users_user_id" ON "extras_notificationgroup_users" ("user_id") `);
        await queryRunner.query(`CREATE TABLE "extras_notification" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "object_type" text NOT NULL, "object_id" bigint NOT NULL, "user_id" integer NOT NULL, "created" datetime NOT NULL, "read" datetime, "event_type" varchar(50) NOT NULL, "object_repr" varchar(200) NOT NULL)`);
        await queryRunner.query(`CREATE INDEX "idx_extras_notification_user_id" ON "extras_notification" ("user_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "extras_notification_unique_per_object_and_user" ON "extras_notification" ("object_type", "object_id", "user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_notification_object_type_object_id" ON "extras_notification" ("object_type", "object_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_notification_created" ON "extras_notification" ("created") `);
        await queryRunner.query(`CREATE TABLE "extras_subscription" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "object_type" text NOT NULL, "object_id" bigint NOT NULL, "user_id" integer NOT NULL, "created" datetime NOT NULL)`);
        await queryRunner.query(`CREATE INDEX "idx_extras_subscription_user_id" ON "extras_subscription" ("user_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "extras_subscription_unique_per_object_and_user" ON "extras_subscription" ("object_type", "object_id", "user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_subscription_object_type_object_id" ON "extras_subscription" ("object_type", "object_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_subscription_created" ON "extras_subscription" ("created") `);
        await queryRunner.query(`DROP INDEX "idx_extras_notificationgroup_groups_group_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_extras_notificationgroup_groups" ("notificationgroup_id" integer NOT NULL, "group_id" integer NOT NULL, CONSTRAINT "FK_516f6351ff03eb4e494287f10af" FOREIGN KEY ("notificationgroup_id") REFERENCES "extras_notificationgroup" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_689204256e140230255d200aa68" FOREIGN KEY ("group_id") REFERENCES "users_group" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("notificationgroup_id", "group_id"))`);
        await queryRunner.query(`INSERT INTO "temporary_extras_notificationgroup_groups"("notificationgroup_id", "group_id") SELECT "notificationgroup_id", "group_id" FROM "extras_notificationgroup_groups"`);
        await queryRunner.query(`DROP TABLE "extras_notificationgroup_groups"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_notificationgroup_groups" RENAME TO "extras_notificationgroup_groups"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_notificationgroup_groups_group_id" ON "extras_notificationgroup_groups" ("group_id") `);
        await queryRunner.query(`DROP INDEX "idx_extras_notificationgroup_users_user_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_extras_notificationgroup_users" ("notificationgroup_id" integer NOT NULL, "user_id" integer NOT NULL, CONSTRAINT "FK_8b6bd5c604d5156adc646f8af37" FOREIGN KEY ("notificationgroup_id") REFERENCES "extras_notificationgroup" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_e4b134c0f9d2ca2421f18aabdf5" FOREIGN KEY ("user_id") REFERENCES "users_user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("notificationgroup_id", "user_id"))`);
        await queryRunner.query(`INSERT INTO "temporary_extras_notificationgroup_users"("notificationgroup_id", "user_id") SELECT "notificationgroup_id", "user_id" FROM "extras_notificationgroup_users"`);
        await queryRunner.query(`DROP TABLE "extras_notificationgroup_users"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_notificationgroup_users" RENAME TO "extras_notificationgroup_users"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_notificationgroup_users_user_id" ON "extras_notificationgroup_users" ("user_id") `);
        await queryRunner.query(`DROP INDEX "idx_extras_notification_user_id"`);
        await queryRunner.query(`DROP INDEX "extras_notification_unique_per_object_and_user"`);
        await queryRunner.query(`DROP INDEX "idx_extras_notification_object_type_object_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_notification_created"`);
        await queryRunner.query(`CREATE TABLE "temporary_extras_notification" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "object_type" text NOT NULL, "object_id" bigint NOT NULL, "user_id" integer NOT NULL, "created" datetime NOT NULL, "read" datetime, "event_type" varchar(50) NOT NULL, "object_repr" varchar(200) NOT NULL, CONSTRAINT "FK_b8323761df809f7e0ea55f2ae2e" FOREIGN KEY ("user_id") REFERENCES "users_user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_extras_notification"("id", "object_type", "object_id", "user_id", "created", "read", "event_type", "object_repr") SELECT "id", "object_type", "object_id", "user_id", "created", "read", "event_type", "object_repr" FROM "extras_notification"`);
        await queryRunner.query(`DROP TABLE "extras_notification"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_notification" RENAME TO "extras_notification"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_notification_user_id" ON "extras_notification" ("user_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "extras_notification_unique_per_object_and_user" ON "extras_notification" ("object_type", "object_id", "user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_notification_object_type_object_id" ON "extras_notification" ("object_type", "object_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_notification_created" ON "extras_notification" ("created") `);
        await queryRunner.query(`DROP INDEX "idx_extras_subscription_user_id"`);
        await queryRunner.query(`DROP INDEX "extras_subscription_unique_per_object_and_user"`);
        await queryRunner.query(`DROP INDEX "idx_extras_subscription_object_type_object_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_subscription_created"`);
        await queryRunner.query(`CREATE TABLE "temporary_extras_subscription" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "object_type" text NOT NULL, "object_id" bigint NOT NULL, "user_id" integer NOT NULL, "created" datetime NOT NULL, CONSTRAINT "FK_f26fd080d87c72970d2886b3717" FOREIGN KEY ("user_id") REFERENCES "users_user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_extras_subscription"("id", "object_type", "object_id", "user_id", "created") SELECT "id", "object_type", "object_id", "user_id", "created" FROM "extras_subscription"`);
        await queryRunner.query(`DROP TABLE "extras_subscription"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_subscription" RENAME TO "extras_subscription"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_subscription_user_id" ON "extras_subscription" ("user_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "extras_subscription_unique_per_object_and_user" ON "extras_subscription" ("object_type", "object_id", "user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_subscription_object_type_object_id" ON "extras_subscription" ("object_type", "object_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_subscription_created" ON "extras_subscription" ("created") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_extras_subscription_created"`);
        await queryRunner.query(`DROP INDEX "idx_extras_subscription_object_type_object_id"`);
        await queryRunner.query(`DROP INDEX "extras_subscription_unique_per_object_and_user"`);
        await queryRunner.query(`DROP INDEX "idx_extras_subscription_user_id"`);
        await queryRunner.query(`ALTER TABLE "extras_subscription" RENAME TO "temporary_extras_subscription"`);
        await queryRunner.query(`CREATE TABLE "extras_subscription" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "object_type" text NOT NULL, "object_id" bigint NOT NULL, "user_id" integer NOT NULL, "created" datetime NOT NULL)`);
        await queryRunner.query(`INSERT INTO "extras_subscription"("id", "object_type", "object_id", "user_id", "created") SELECT "id", "object_type", "object_id", "user_id", "created" FROM "temporary_extras_subscription"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_subscription"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_subscription_created" ON "extras_subscription" ("created") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_subscription_object_type_object_id" ON "extras_subscription" ("object_type", "object_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "extras_subscription_unique_per_object_and_user" ON "extras_subscription" ("object_type", "object_id", "user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_subscription_user_id" ON "extras_subscription" ("user_id") `);
        await queryRunner.query(`DROP INDEX "idx_extras_notification_created"`);
        await queryRunner.query(`DROP INDEX "idx_extras_notification_object_type_object_id"`);
        await queryRunner.query(`DROP INDEX "extras_notification_unique_per_object_and_user"`);
        await queryRunner.query(`DROP INDEX "idx_extras_notification_user_id"`);
        await queryRunner.query(`ALTER TABLE "extras_notification" RENAME TO "temporary_extras_notification"`);
        await queryRunner.query(`CREATE TABLE "extras_notification" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "object_type" text NOT NULL, "object_id" bigint NOT NULL, "user_id" integer NOT NULL, "created" datetime NOT NULL, "read" datetime, "event_type" varchar(50) NOT NULL, "object_repr" varchar(200) NOT NULL)`);
        await queryRunner.query(`INSERT INTO "extras_notification"("id", "object_type", "object_id", "user_id", "created", "read", "event_type", "object_repr") SELECT "id", "object_type", "object_id", "user_id", "created", "read", "event_type", "object_repr" FROM "temporary_extras_notification"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_notification"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_notification_created" ON "extras_notification" ("created") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_notification_object_type_object_id" ON "extras_notification" ("object_type", "object_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "extras_notification_unique_per_object_and_user" ON "extras_notification" ("object_type", "object_id", "user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_notification_user_id" ON "extras_notification" ("user_id") `);
        await queryRunner.query(`DROP INDEX "idx_extras_notificationgroup_users_user_id"`);
        await queryRunner.query(`ALTER TABLE "extras_notificationgroup_users" RENAME TO "temporary_extras_notificationgroup_users"`);
        await queryRunner.query(`CREATE TABLE "extras_notificationgroup_users" ("notificationgroup_id" integer NOT NULL, "user_id" integer NOT NULL, PRIMARY KEY ("notificationgroup_id", "user_id"))`);
        await queryRunner.query(`INSERT INTO "extras_notificationgroup_users"("notificationgroup_id", "user_id") SELECT "notificationgroup_id", "user_id" FROM "temporary_extras_notificationgroup_users"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_notificationgroup_users"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_notificationgroup_users_user_id" ON "extras_notificationgroup_users" ("user_id") `);
        await queryRunner.query(`DROP INDEX "idx_extras_notificationgroup_groups_group_id"`);
        await queryRunner.query(`ALTER TABLE "extras_notificationgroup_groups" RENAME TO "temporary_extras_notificationgroup_groups"`);
        await queryRunner.query(`CREATE TABLE "extras_notificationgroup_groups" ("notificationgroup_id" integer NOT NULL, "group_id" integer NOT NULL, PRIMARY KEY ("notificationgroup_id", "group_id"))`);
        await queryRunner.query(`INSERT INTO "extras_notificationgroup_groups"("notificationgroup_id", "group_id") SELECT "notificationgroup_id", "group_id" FROM "temporary_extras_notificationgroup_groups"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_notificationgroup_groups"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_notificationgroup_groups_group_id" ON "extras_notificationgroup_groups" ("group_id") `);
        await queryRunner.query(`DROP INDEX "idx_extras_subscription_created"`);
        await queryRunner.query(`DROP INDEX "idx_extras_subscription_object_type_object_id"`);
        await queryRunner.query(`DROP INDEX "extras_subscription_unique_per_object_and_user"`);
        await queryRunner.query(`DROP INDEX "idx_extras_subscription_user_id"`);
        await queryRunner.query(`DROP TABLE "extras_subscription"`);
        await queryRunner.query(`DROP INDEX "idx_extras_notification_created"`);
        await queryRunner.query(`DROP INDEX "idx_extras_notification_object_type_object_id"`);
        await queryRunner.query(`DROP INDEX "extras_notification_unique_per_object_and_user"`);
        await queryRunner.query(`DROP INDEX "idx_extras_notification_user_id"`);
        await queryRunner.query(`DROP TABLE "extras_notification"`);
        await queryRunner.query(`DROP INDEX "idx_extras_notificationgroup_users_user_id"`);
        await queryRunner.query(`DROP TABLE "extras_notificationgroup_users"`);
        await queryRunner.query(`DROP INDEX "idx_extras_notificationgroup_groups_group_id"`);
        await queryRunner.query(`DROP TABLE "extras_notificationgroup_groups"`);
        await queryRunner.query(`DROP TABLE "extras_notificationgroup"`);
    }

}
