import { MigrationInterface, QueryRunner } from "typeorm";

export class Notifications1795755131656 implements MigrationInterface {
    name = 'Notifications1795755131656'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "extras_notificationgroup" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "description" character varying(200) NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_83918b7b264354d9a8242b6f076" UNIQUE ("name"), CONSTRAINT "PK_e20d6ea7d4c2efef677f3c1a8b4" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "extras_notificationgroup_groups" ("notificationgroup_id" integer NOT NULL, "group_id" integer NOT NULL, CONSTRAINT "PK_911e25685f8d41ba8f975708d8c" PRIMARY KEY ("notificationgroup_id", "group_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_notificationgroup_groups_group_id" ON "extras_notificationgroup_groups" ("group_id") `);
        await queryRunner.query(`CREATE TABLE "extras_notificationgroup_users" ("notificationgroup_id" integer NOT NULL, "user_id" integer NOT NULL, CONSTRAINT "PK_4ef693c433f5010f195f3db0134" PRIMARY KEY ("notificationgroup_id", "user_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_notificationgroup_users_user_id" ON "extras_notificationgroup_users" ("user_id") `);
        await queryRunner.query(`CREATE TABLE "extras_notification" ("id" SERIAL NOT NULL, "object_type" text NOT NULL, "object_id" bigint NOT NULL, "user_id" integer NOT NULL, "created" TIMESTAMP WITH TIME ZONE NOT NULL, "read" TIMESTAMP WITH TIME ZONE, "event_type" character varying(50) NOT NULL, "object_repr" character varying(200) NOT NULL, CONSTRAINT "PK_55d2cc9bf94ab78093ae3a02a7e" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_notification_user_id" ON "extras_notification" ("user_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "extras_notification_unique_per_object_and_user" ON "extras_notification" ("object_type", "object_id", "user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_notification_object_type_object_id" ON "extras_notification" ("object_type", "object_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_notification_created" ON "extras_notification" ("created") `);
        await queryRunner.query(`CREATE TABLE "extras_subscription" ("id" SERIAL NOT NULL, "object_type" text NOT NULL, "object_id" bigint NOT NULL, "user_id" integer NOT NULL, "created" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_dfa797efa1519e8e057cb17227a" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_subscription_user_id" ON "extras_subscription" ("user_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "extras_subscription_unique_per_object_and_user" ON "extras_subscription" ("object_type", "object_id", "user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_subscription_object_type_object_id" ON "extras_subscription" ("object_type", "object_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_subscription_created" ON "extras_subscription" ("created") `);
        await queryRunner.query(`ALTER TABLE "extras_notificationgroup_groups" ADD CONSTRAINT "FK_516f6351ff03eb4e494287f10af" FOREIGN KEY ("notificationgroup_id") REFERENCES "extras_notificationgroup"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "extras_notificationgroup_groups" ADD CONSTRAINT "FK_689204256e140230255d200aa68" FOREIGN KEY ("group_id") REFERENCES "users_group"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "extras_notificationgroup_users" ADD CONSTRAINT "FK_8b6bd5c604d5156adc646f8af37" FOREIGN KEY ("notificationgroup_id") REFERENCES "extras_notificationgroup"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "extras_notificationgroup_users" ADD CONSTRAINT "FK_e4b134c0f9d2ca2421f18aabdf5" FOREIGN KEY ("user_id") REFERENCES "users_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "extras_notification" ADD CONSTRAINT "FK_b8323761df809f7e0ea55f2ae2e" FOREIGN KEY ("user_id") REFERENCES "users_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "extras_subscription" ADD CONSTRAINT "FK_f26fd080d87c72970d2886b3717" FOREIGN KEY ("user_id") REFERENCES "users_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "extras_subscription" DROP CONSTRAINT "FK_f26fd080d87c72970d2886b3717"`);
        await queryRunner.query(`ALTER TABLE "extras_notification" DROP CONSTRAINT "FK_b8323761df809f7e0ea55f2ae2e"`);
        await queryRunner.query(`ALTER TABLE "extras_notificationgroup_users" DROP CONSTRAINT "FK_e4b134c0f9d2ca2421f18aabdf5"`);
        await queryRunner.query(`ALTER TABLE "extras_notificationgroup_users" DROP CONSTRAINT "FK_8b6bd5c604d5156adc646f8af37"`);
        await queryRunner.query(`ALTER TABLE "extras_notificationgroup_groups" DROP CONSTRAINT "FK_689204256e140230255d200aa68"`);
        await queryRunner.query(`ALTER TABLE "extras_notificationgroup_groups" DROP CONSTRAINT "FK_516f6351ff03eb4e494287f10af"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_subscription_created"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_subscription_object_type_object_id"`);
        await queryRunner.query(`DROP INDEX "public"."extras_subscription_unique_per_object_and_user"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_subscription_user_id"`);
        await queryRunner.query(`DROP TABLE "extras_subscription"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_notification_created"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_notification_object_type_object_id"`);
        await queryRunner.query(`DROP INDEX "public"."extras_notification_unique_per_object_and_user"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_notification_user_id"`);
        await queryRunner.query(`DROP TABLE "extras_notification"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_notificationgroup_users_user_id"`);
        await queryRunner.query(`DROP TABLE "extras_notificationgroup_users"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_notificationgroup_groups_group_id"`);
        await queryRunner.query(`DROP TABLE "extras_notificationgroup_groups"`);
        await queryRunner.query(`DROP TABLE "extras_notificationgroup"`);
    }

}
