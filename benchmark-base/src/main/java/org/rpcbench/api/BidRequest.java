package org.rpcbench.api;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/** The bid request of the dubbox comparison: a device with its geo, and the impressions on offer. */
public class BidRequest implements Serializable {

    private static final long serialVersionUID = 1L;

    private String id;
    private Device device;
    private List<Impression> impressions;

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public Device getDevice() {
        return device;
    }

    public void setDevice(Device device) {
        this.device = device;
    }

    public List<Impression> getImpressions() {
        return impressions;
    }

    public void setImpressions(List<Impression> impressions) {
        this.impressions = impressions;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BidRequest other
                && Objects.equals(id, other.id)
                && Objects.equals(device, other.device)
                && Objects.equals(impressions, other.impressions);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id);
    }

    public static class Device implements Serializable {

        private static final long serialVersionUID = 1L;

        private String lang;
        private String os;
        private String version;
        private String model;
        private Geo geo;

        public String getLang() {
            return lang;
        }

        public void setLang(String lang) {
            this.lang = lang;
        }

        public String getOs() {
            return os;
        }

        public void setOs(String os) {
            this.os = os;
        }

        public String getVersion() {
            return version;
        }

        public void setVersion(String version) {
            this.version = version;
        }

        public String getModel() {
            return model;
        }

        public void setModel(String model) {
            this.model = model;
        }

        public Geo getGeo() {
            return geo;
        }

        public void setGeo(Geo geo) {
            this.geo = geo;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Device other
                    && Objects.equals(lang, other.lang)
                    && Objects.equals(os, other.os)
                    && Objects.equals(version, other.version)
                    && Objects.equals(model, other.model)
                    && Objects.equals(geo, other.geo);
        }

        @Override
        public int hashCode() {
            return Objects.hash(lang, os, version, model);
        }
    }

    public static class Geo implements Serializable {

        private static final long serialVersionUID = 1L;

        private String city;
        private String country;
        private double lat;
        private double lon;

        public String getCity() {
            return city;
        }

        public void setCity(String city) {
            this.city = city;
        }

        public String getCountry() {
            return country;
        }

        public void setCountry(String country) {
            this.country = country;
        }

        public double getLat() {
            return lat;
        }

        public void setLat(double lat) {
            this.lat = lat;
        }

        public double getLon() {
            return lon;
        }

        public void setLon(double lon) {
            this.lon = lon;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Geo other
                    && Objects.equals(city, other.city)
                    && Objects.equals(country, other.country)
                    && Double.compare(lat, other.lat) == 0
                    && Double.compare(lon, other.lon) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hash(city, country, lat, lon);
        }
    }

    public static class Impression implements Serializable {

        private static final long serialVersionUID = 1L;

        private String id;
        private double bidFloor;

        public String getId() {
            return id;
        }

        public void setId(String id) {
            this.id = id;
        }

        public double getBidFloor() {
            return bidFloor;
        }

        public void setBidFloor(double bidFloor) {
            this.bidFloor = bidFloor;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Impression other
                    && Objects.equals(id, other.id)
                    && Double.compare(bidFloor, other.bidFloor) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, bidFloor);
        }
    }
}
