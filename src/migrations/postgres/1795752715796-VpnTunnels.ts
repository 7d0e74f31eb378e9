import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 3.7's VPN app as 4.6 stores it: IKE and IPSec proposals, policies and profiles, tunnel groups, tunnels and their terminations. */
export class VpnTunnels1795752715796 implements MigrationInterface {
    name = 'VpnTunnels1795752715796'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "vpn_ikeproposal" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "authentication_method" character varying(50) NOT NULL, "encryption_algorithm" character varying(50) NOT NULL, "authentication_algorithm" character varying(50), "group" integer NOT NULL, "sa_lifetime" integer, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_2f0ca33f409ba4b64f8947e6734" UNIQUE ("name"), CONSTRAINT "PK_15cebf501f98d600ab4700ce765" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "vpn_ikepolicy" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "version" integer NOT NULL, "mode" character varying(50), "preshared_key" text NOT NULL, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_e84b9fb80a8791f750943a1e562" UNIQUE ("name"), CONSTRAINT "PK_a8d477f54c0ad0f82a7de9248a2" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "vpn_ikepolicy_proposals" ("ikepolicy_id" integer NOT NULL, "ikeproposal_id" integer NOT NULL, CONSTRAINT "PK_0d39e99f18290f1c64004c2bc7e" PRIMARY KEY ("ikepolicy_id", "ikeproposal_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_vpn_ikepolicy_proposals_ikeproposal_id" ON "vpn_ikepolicy_proposals" ("ikeproposal_id") `);
        await queryRunner.query(`CREATE TABLE "vpn_ipsecproposal" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "encryption_algorithm" character varying(50), "authentication_algorithm" character varying(50), "sa_lifetime_seconds" integer, "sa_lifetime_data" integer, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_d64927b1b4526abd3989cf3723d" UNIQUE ("name"), CONSTRAINT "PK_fa6ce9bbb3cbf1307683206e5a8" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "vpn_ipsecpolicy" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "pfs_group" integer, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_387fd9edb8d2d2926464846fed3" UNIQUE ("name"), CONSTRAINT "PK_d23bac4b9628ae1d811f03ecbd5" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "vpn_ipsecpolicy_proposals" ("ipsecpolicy_id" integer NOT NULL, "ipsecproposal_id" integer NOT NULL, CONSTRAINT "PK_5317676a0c32b8ee2825b7d73b3" PRIMARY KEY ("ipsecpolicy_id", "ipsecproposal_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_vpn_ipsecpolicy_proposals_ipsecproposal_id" ON "vpn_ipsecpolicy_proposals" ("ipsecproposal_id") `);
        await queryRunner.query(`CREATE TABLE "vpn_ipsecprofile" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "mode" character varying(50) NOT NULL, "ike_policy_id" integer NOT NULL, "ipsec_policy_id" integer NOT NULL, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_ac51ee35aca129a23fa7d1329d9" UNIQUE ("name"), CONSTRAINT "PK_a8aa90d499f9daa6246728fc216" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_vpn_ipsecprofile_ike_policy_id" ON "vpn_ipsecprofile" ("ike_policy_id") `);
        await queryRunner.query(`CREATE INDEX "idx_vpn_ipsecprofile_ipsec_policy_id" ON "vpn_ipsecprofile" ("ipsec_policy_id") `);
        await queryRunner.query(`CREATE TABLE "vpn_tunnelgroup" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "slug" character varying(100) NOT NULL, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_0bc2dbbf4f11a1f0c787ec59a09" UNIQUE ("name"), CONSTRAINT "UQ_4579238b74ae80f1445eea18ac5" UNIQUE ("slug"), CONSTRAINT "PK_d726d675f8d44fe265b9b386ce9" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "vpn_tunnel" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "status" character varying(50) NOT NULL, "group_id" integer, "encapsulation" character varying(50) NOT NULL, "ipsec_profile_id" integer, "tenant_id" integer, "tunnel_id" bigint, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_dc501a90be8eb861cff24f17fd3" UNIQUE ("name"), CONSTRAINT "PK_0094926f467ed295865d298052b" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_vpn_tunnel_group_id" ON "vpn_tunnel" ("group_id") `);
        await queryRunner.query(`CREATE INDEX "idx_vpn_tunnel_ipsec_profile_id" ON "vpn_tunnel" ("ipsec_profile_id") `);
        await queryRunner.query(`CREATE INDEX "idx_vpn_tunnel_tenant_id" ON "vpn_tunnel" ("tenant_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "vpn_tunnel_group_name" ON "vpn_tunnel" ("group_id", "name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "vpn_tunnel_name" ON "vpn_tunnel" ("name") WHERE "group_id" IS NULL`);
        await queryRunner.query(`CREATE TABLE "vpn_tunneltermination" ("id" SERIAL NOT NULL, "tunnel_id" integer NOT NULL, "role" character varying(50) NOT NULL, "termination_type" text NOT NULL, "termination_id" bigint, "outside_ip_id" integer, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_7c2313e2f4c0eb0da38ed0a0d65" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_vpn_tunneltermination_tunnel_id" ON "vpn_tunneltermination" ("tunnel_id") `);
        await queryRunner.query(`CREATE INDEX "idx_vpn_tunneltermination_outside_ip_id" ON "vpn_tunneltermination" ("outside_ip_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "vpn_tunneltermination_termination" ON "vpn_tunneltermination" ("termination_type", "termination_id") `);
        await queryRunner.query(`CREATE INDEX "idx_vpn_tunneltermination_tunnel_id_role_id" ON "vpn_tunneltermination" ("tunnel_id", "role", "id") `);
        await queryRunner.query(`CREATE INDEX "idx_vpn_tunneltermination_role" ON "vpn_tunneltermination" ("role") `);
        await queryRunner.query(`ALTER TABLE "vpn_ikepolicy_proposals" ADD CONSTRAINT "FK_dbc4f384b917bdbc738f8e264d9" FOREIGN KEY ("ikepolicy_id") REFERENCES "vpn_ikepolicy"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "vpn_ikepolicy_proposals" ADD CONSTRAINT "FK_82b55ad587e58d9ced90aacead0" FOREIGN KEY ("ikeproposal_id") REFERENCES "vpn_ikeproposal"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "vpn_ipsecpolicy_proposals" ADD CONSTRAINT "FK_2b0357e728eff1dca5efbc34c89" FOREIGN KEY ("ipsecpolicy_id") REFERENCES "vpn_ipsecpolicy"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "vpn_ipsecpolicy_proposals" ADD CONSTRAINT "FK_8bcbef4ac8c9aff072a7e05f170" FOREIGN KEY ("ipsecproposal_id") REFERENCES "vpn_ipsecproposal"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "vpn_ipsecprofile" ADD CONSTRAINT "FK_5e5648a82b236d42d7c071eb8d7" FOREIGN KEY ("ike_policy_id") REFERENCES "vpn_ikepolicy"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "vpn_ipsecprofile" ADD CONSTRAINT "FK_e4f59993c777246fd456a57d31e" FOREIGN KEY ("ipsec_policy_id") REFERENCES "vpn_ipsecpolicy"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "vpn_tunnel" ADD CONSTRAINT "FK_762b60b1ddef118a8821f93ff2d" FOREIGN KEY ("group_id") REFERENCES "vpn_tunnelgroup"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "vpn_tunnel" ADD CONSTRAINT "FK_3b37bf9c164c1b352375cc5fdb0" FOREIGN KEY ("ipsec_profile_id") REFERENCES "vpn_ipsecprofile"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "vpn_tunnel" ADD CONSTRAINT "FK_7650eaf656247a0dd1d072430dc" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "vpn_tunneltermination" ADD CONSTRAINT "FK_bb3d6bfe8e045374e0425cc7aa9" FOREIGN KEY ("tunnel_id") REFERENCES "vpn_tunnel"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "vpn_tunneltermination" ADD CONSTRAINT "FK_af64c8bac6d590f75cec3159a82" FOREIGN KEY ("outside_ip_id") REFERENCES "ipam_ipaddress"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "vpn_tunneltermination" DROP CONSTRAINT "FK_af64c8bac6d590f75cec3159a82"`);
        await queryRunner.query(`ALTER TABLE "vpn_tunneltermination" DROP CONSTRAINT "FK_bb3d6bfe8e045374e0425cc7aa9"`);
        await queryRunner.query(`ALTER TABLE "vpn_tunnel" DROP CONSTRAINT "FK_7650eaf656247a0dd1d072430dc"`);
        await queryRunner.query(`ALTER TABLE "vpn_tunnel" DROP CONSTRAINT "FK_3b37bf9c164c1b352375cc5fdb0"`);
        await queryRunner.query(`ALTER TABLE "vpn_tunnel" DROP CONSTRAINT "FK_762b60b1ddef118a8821f93ff2d"`);
        await queryRunner.query(`ALTER TABLE "vpn_ipsecprofile" DROP CONSTRAINT "FK_e4f59993c777246fd456a57d31e"`);
        await queryRunner.query(`ALTER TABLE "vpn_ipsecprofile" DROP CONSTRAINT "FK_5e5648a82b236d42d7c071eb8d7"`);
        await queryRunner.query(`ALTER TABLE "vpn_ipsecpolicy_proposals" DROP CONSTRAINT "FK_8bcbef4ac8c9aff072a7e05f170"`);
        await queryRunner.query(`ALTER TABLE "vpn_ipsecpolicy_proposals" DROP CONSTRAINT "FK_2b0357e728eff1dca5efbc34c89"`);
        await queryRunner.query(`ALTER TABLE "vpn_ikepolicy_proposals" DROP CONSTRAINT "FK_82b55ad587e58d9ced90aacead0"`);
        await queryRunner.query(`ALTER TABLE "vpn_ikepolicy_proposals" DROP CONSTRAINT "FK_dbc4f384b917bdbc738f8e264d9"`);
        await queryRunner.query(`DROP INDEX "public"."idx_vpn_tunneltermination_role"`);
        await queryRunner.query(`DROP INDEX "public"."idx_vpn_tunneltermination_tunnel_id_role_id"`);
        await queryRunner.query(`DROP INDEX "public"."vpn_tunneltermination_termination"`);
        await queryRunner.query(`DROP INDEX "public"."idx_vpn_tunneltermination_outside_ip_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_vpn_tunneltermination_tunnel_id"`);
        await queryRunner.query(`DROP TABLE "vpn_tunneltermination"`);
        await queryRunner.query(`DROP INDEX "public"."vpn_tunnel_name"`);
        await queryRunner.query(`DROP INDEX "public"."vpn_tunnel_group_name"`);
        await queryRunner.query(`DROP INDEX "public"."idx_vpn_tunnel_tenant_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_vpn_tunnel_ipsec_profile_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_vpn_tunnel_group_id"`);
        await queryRunner.query(`DROP TABLE "vpn_tunnel"`);
        await queryRunner.query(`DROP TABLE "vpn_tunnelgroup"`);
        await queryRunner.query(`DROP INDEX "public"."idx_vpn_ipsecprofile_ipsec_policy_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_vpn_ipsecprofile_ike_policy_id"`);
        await queryRunner.query(`DROP TABLE "vpn_ipsecprofile"`);
        await queryRunner.query(`DROP INDEX "public"."idx_vpn_ipsecpolicy_proposals_ipsecproposal_id"`);
        await queryRunner.query(`DROP TABLE "vpn_ipsecpolicy_proposals"`);
        await queryRunner.query(`DROP TABLE "vpn_ipsecpolicy"`);
        await queryRunner.query(`DROP TABLE "vpn_ipsecproposal"`);
        await queryRunner.query(`DROP INDEX "public"."idx_vpn_ikepolicy_proposals_ikeproposal_id"`);
        await queryRunner.query(`DROP TABLE "vpn_ikepolicy_proposals"`);
        await queryRunner.query(`DROP TABLE "vpn_ikepolicy"`);
        await queryRunner.query(`DROP TABLE "vpn_ikeproposal"`);
    }

}
